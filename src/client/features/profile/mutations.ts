import { useMutation } from '@tanstack/react-query';
import { authTexts, type EmailRequest, messageResultSchema } from '../../../shared/auth/auth.contract.js';
import { apiRequest } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import { toast } from '../../lib/toast.js';
import { authScreenTexts } from '../auth/texts.js';
import { profileTexts } from './texts.js';

/**
 * Resend Verification Email from the profile card: the verification screen's call and success toast, with the
 * profile card's own failure text (spec §8); the server's message, when it gave one, says why.
 */
export function useProfileResendVerification() {
  return useMutation({
    mutationFn: (request: EmailRequest) =>
      apiRequest('POST', '/api/auth/resend-verification', request, { response: messageResultSchema }),
    onSuccess: () => toast({ title: authScreenTexts.resendSent, description: authTexts.verificationSent }),
    onError: (error) => {
      const message = error instanceof ApiError ? error.body?.message : undefined;
      toast({
        title: profileTexts.resendFailed,
        description: message?.trim() ? message : authScreenTexts.resendFailedFallback,
        variant: 'destructive',
      });
    },
  });
}
