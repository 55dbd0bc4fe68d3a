import { BellRing } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.js';
import { pushTexts as texts } from './push-texts.js';

interface PushPromptProps {
  isOpen: boolean;
  onEnable: () => void;
  /** Not now, the close button, Escape or a tap outside: no prompt for 30 days. */
  onDismiss: () => void;
}

/**
 * The auto-prompt (spec §4 Push permission): our own question first, so the browser's permission dialog
 * opens only from the user's tap (docs/decisions/0093-push-client.md).
 */
export function PushPrompt({ isOpen, onEnable, onDismiss }: PushPromptProps) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : onDismiss())}>
      <DialogContent>
        <div className="mb-3 flex h-11 w-11 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <BellRing aria-hidden className="h-5 w-5" />
        </div>
        <DialogTitle>{texts.promptTitle}</DialogTitle>
        <DialogDescription>{texts.promptDescription}</DialogDescription>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDismiss}>
            {texts.notNow}
          </Button>
          <Button onClick={onEnable}>{texts.enable}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
