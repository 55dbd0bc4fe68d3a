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
        <div className="mt-5 grid grid-cols-2 gap-3">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              confirmation?.onConfirm();
              onClose();
            }}
          >
            {confirmation?.confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
