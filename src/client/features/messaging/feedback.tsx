import { useMutation, useQuery } from '@tanstack/react-query';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import {
  type FeedbackRating,
  feedbackResultSchema,
  type GivenFeedback,
  givenFeedbackSchema,
} from '../../../shared/messaging/feedback.contract.js';
import type { Message } from '../../../shared/messaging/messages.contract.js';
import { cn } from '../../components/ui/cn.js';
import { apiRequest, readQuery } from '../../lib/api.js';
import { handleApiError } from '../../lib/handle-error.js';
import { queryClient } from '../../lib/query-client.js';
import { toast } from '../../lib/toast.js';
import { blockKeys } from '../blocks/queries.js';
import { feedbackUiTexts } from './feedback-texts.js';
import { messagingKeys } from './queries.js';

/** What a failure's log line says the user was doing (not shown: the toast says what went wrong). */
const LOG_CONTEXT = 'rating a message';

const feedbackKey = (conversationId: string) => ['/api/conversations', conversationId, 'feedback'];

/** The caller's own ratings in a conversation: what its bubbles show chosen. */
export function useGivenFeedback(conversationId: string) {
  return useQuery({ queryKey: feedbackKey(conversationId), queryFn: readQuery(givenFeedbackSchema) });
}

const showRating = (conversationId: string, messageId: string, rating: FeedbackRating) =>
  queryClient.setQueryData<GivenFeedback>(feedbackKey(conversationId), (given) => [
    ...(given ?? []).filter((entry) => entry.messageId !== messageId),
    { messageId, rating },
  ]);

/**
 * Rates a received message: shown chosen at once, then as the server kept it. "abusive" (Report abuse)
 * also blocks the sender: the chat and Blocked Users are read again, and a toast says so.
 */
export function useRateMessage(conversationId: string) {
  return useMutation({
    scope: { id: `feedback-${conversationId}` },
    mutationFn: ({ messageId, rating }: { messageId: string; rating: FeedbackRating }) =>
      apiRequest(
        'POST',
        `/api/messages/${encodeURIComponent(messageId)}/feedback`,
        { rating },
        { response: feedbackResultSchema },
      ),
    onMutate: ({ messageId, rating }) => showRating(conversationId, messageId, rating),
    onSuccess: (answer, { rating }) => {
      if (rating !== 'abusive') return;
      toast({ title: answer?.message ?? feedbackUiTexts.reportedTitle });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: blockKeys.blockedUsers });
    },
    onError: (error) => handleApiError(error, { context: LOG_CONTEXT }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackKey(conversationId) }),
  });
}

/** The latest message the caller received in the chat: what Report abuse rates. */
export const latestReceived = (messages: readonly Message[]) =>
  messages.findLast((message) => !message.isMine);

function RatingButton({
  label,
  isChosen,
  onClick,
  children,
}: {
  label: string;
  isChosen: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={isChosen}
      onClick={onClick}
      className={cn(
        // A 44 px tall touch target around a small chip.
        'inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-xs font-medium transition',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        isChosen ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      <span
        className={cn(
          'inline-flex items-center gap-1 rounded-full border px-2 py-0.5',
          isChosen ? 'border-primary bg-primary-soft text-primary-soft-foreground' : 'border-border',
        )}
      >
        {children}
        {label}
      </span>
    </button>
  );
}

/** Helpful / Not helpful under a received message, the chosen one pressed; "Reported" once reported. */
export function MessageFeedback({
  rating,
  onRate,
}: {
  rating: FeedbackRating | undefined;
  onRate: (rating: FeedbackRating) => void;
}) {
  if (rating === 'abusive') {
    return <p className="text-xs text-muted-foreground">{feedbackUiTexts.reported}</p>;
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggles, not a form's fieldset
    <div role="group" aria-label={feedbackUiTexts.rateLabel} className="-ml-2 flex items-center">
      <RatingButton
        label={feedbackUiTexts.helpful}
        isChosen={rating === 'helpful'}
        onClick={() => onRate('helpful')}
      >
        <ThumbsUp aria-hidden className="h-3.5 w-3.5" />
      </RatingButton>
      <RatingButton
        label={feedbackUiTexts.notHelpful}
        isChosen={rating === 'not_helpful'}
        onClick={() => onRate('not_helpful')}
      >
        <ThumbsDown aria-hidden className="h-3.5 w-3.5" />
      </RatingButton>
    </div>
  );
}
