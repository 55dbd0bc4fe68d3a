import { componentTexts } from '../texts.js';
import { Button } from './button.js';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from './dialog.js';

export interface Confirmation {
  title: string;
  /** What will happen, in the user's words. */
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** Asks before an action that is hard to take back; `confirmation` null keeps it closed. */
export function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={confirmation !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle>{confirmation?.title}</DialogTitle>
        <DialogDescription>{confirmation?.description}</DialogDescription>
        <ConfirmButtons
          label={confirmation?.confirmLabel}
          onConfirm={() => {
            confirmation?.onConfirm();
            onClose();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** A question's two answers, side by side: Cancel (closes the dialog) and the action it asks about. */
export function ConfirmButtons({
  label,
  onConfirm,
  disabled,
}: {
  label: string | undefined;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  return (
    <div className="mt-5 grid grid-cols-2 gap-3">
      <DialogClose asChild>
        <Button variant="outline">{componentTexts.cancel}</Button>
      </DialogClose>
      <Button variant="destructive" disabled={disabled} onClick={onConfirm}>
        {label}
      </Button>
    </div>
  );
}
