import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  type AnonymousMessageRequest,
  sentMessageSchema,
} from '../../../shared/messaging/messages.contract.js';
import { apiRequest } from '../../lib/api.js';
import { serverMessage } from '../../lib/api-error.js';
import { dismissToast, toast } from '../../lib/toast.js';
import { showVehicleFailure } from '../vehicles/failures.js';
import { useIdempotencyKey } from './idempotency-key.js';
import { sendMessageTexts } from './texts.js';

/**
 * Send Message: one Idempotency-Key per message the person means to send (useIdempotencyKey), so a retry
 * after a lost answer stores it once. Success goes to the message's status page, /sent/{id}.
 */
export function useSendMessage() {
  const [, navigate] = useLocation();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (request: AnonymousMessageRequest) =>
      apiRequest('POST', '/api/messages/anonymous', request, {
        response: sentMessageSchema,
        headers: { 'Idempotency-Key': idempotencyKey.keyFor(request) },
      }),
    onSuccess: (sent) => {
      idempotencyKey.forget();
      // A refusal shown before this send is no longer true.
      if (blankMessageToast !== undefined) dismissToast(blankMessageToast);
      // A real message's status page (issue 32); the sample vehicle's confirmation, which the state says
      // followed a send: /message-success opened by its address claims nothing.
      navigate(sent.isDelivered ? `/sent/${sent.id}` : '/message-success?sample=1', {
        replace: true,
        state: { sent: true },
      });
    },
    // Spec §8: the server's message (blocked, paused, too many), else the generic text.
    onError: (error) =>
      showVehicleFailure(
        error,
        'send message',
        sendMessageTexts.failedTitle,
        serverMessage(error) ?? sendMessageTexts.failed,
      ),
  });
}

let blankMessageToast: number | undefined;

export function refuseBlankMessage(problem: string) {
  blankMessageToast = toast({
    title: sendMessageTexts.missingTitle,
    description: problem,
    variant: 'destructive',
  });
}
