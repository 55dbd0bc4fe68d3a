import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { sendCountdownTexts } from './send-countdown-texts.js';

/*
 * Undo before it goes (issue 32, docs/decisions/0146-the-senders-status-page.md): Send Message sends after a
 * five-second "Sending… Undo" countdown, as a mail app's undo-send does. Its own chunk, loaded when the form
 * is first edited: it is not part of the finder's first load (bench/bundle-budget.test.ts).
 */

/** How long a message waits on the phone before it is sent, with Undo offered meanwhile. */
export const SEND_UNDO_MS = 5_000;

const TICK_MS = 250;

/**
 * "Sending… 5" counting down beside Undo, which takes the focus (the Send button it replaces had it). At 0
 * `onSend` runs, once; Undo or leaving the screen (unmounting) before that sends nothing. The count is told
 * by a polite status, so a screen reader hears it without losing its place.
 */
export function SendCountdown({ onSend, onUndo }: { onSend: () => void; onUndo: () => void }) {
  const [secondsLeft, setSecondsLeft] = useState(SEND_UNDO_MS / 1000);
  const send = useRef(onSend);
  send.current = onSend;

  useEffect(() => {
    // Timed by the clock, not by counting ticks: a phone that slows the page's timers still sends on time.
    const endsAt = Date.now() + SEND_UNDO_MS;
    const timer = window.setInterval(() => {
      const left = Math.ceil((endsAt - Date.now()) / 1000);
      if (left > 0) return setSecondsLeft(left);
      window.clearInterval(timer);
      send.current();
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className="flex items-center gap-3">
      <p role="status" className="min-w-0 flex-1 text-base font-semibold">
        {sendCountdownTexts.sendingIn({ seconds: secondsLeft })}
      </p>
      {/* The Send button that had the focus is gone: Undo takes its place. */}
      <Button autoFocus variant="outline" size="large" onClick={onUndo} className="min-w-24">
        {sendCountdownTexts.undo}
      </Button>
    </div>
  );
}
