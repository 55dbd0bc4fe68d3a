import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import { type AnonymousMessageRequest, sentMessageSchema } from '../../../shared/messaging/messages.js';
import { apiRequest } from '../../lib/api.js';
import { serverMessage } from '../../lib/api-error.js';
import { dismissToast, toast } from '../../lib/toast.js';
import { showVehicleFailure } from '../vehicles/failures.js';
import { sendMessageTexts } from './texts.js';

/**
 * Send Message: one Idempotency-Key per message the person means to send, so a retry after a lost answer
 * (the spec's one mutation retry, or a second press) stores it once. Success goes to /message-success.
 */
export function useSendMessage() {
  const [, navigate] = useLocation();
  const idempotencyKey = useRef<{ content: string; key: string } | undefined>(undefined);
  return useMutation({
    mutationFn: (request: AnonymousMessageRequest) => {
      const content = request.content ?? '';
      if (idempotencyKey.current?.content !== content) {
        idempotencyKey.current = { content, key: crypto.randomUUID() };
      }
      return apiRequest('POST', '/api/messages/anonymous', request, {
        response: sentMessageSchema,
        headers: { 'Idempotency-Key': idempotencyKey.current.key },
      });
    },
    onSuccess: (sent) => {
      idempotencyKey.current = undefined;
      // A refusal shown before this send is no longer true.
      if (blankMessageToast !== undefined) dismissToast(blankMessageToast);
      navigate(sent.isDelivered ? '/message-success' : '/message-success?sample=1', { replace: true });
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
