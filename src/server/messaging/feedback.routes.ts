import type { FastifyInstance, FastifyRequest } from 'fastify';
import { feedbackRequestSchema } from '../../shared/messaging/feedback.contract.js';
import { messageTexts } from '../../shared/messaging/messages.contract.js';
import { notFound } from '../errors/http-error.js';
import { requireUser } from '../plugins/session.js';
import type { FeedbackService } from './feedback.service.js';

type IdParams = { Params: { id: string } };

/** Only a signed-in recipient rates: anyone else, a visitor too, gets the 404 of an unknown message. */
function raterOf(request: FastifyRequest): string {
  const userId = request.auth?.user.id;
  if (!userId) throw notFound(messageTexts.messageNotFound);
  return userId;
}

export function registerFeedbackRoutes(app: FastifyInstance, { feedback }: { feedback: FeedbackService }) {
  app.post<IdParams>('/api/messages/:id/feedback', async (request) => {
    const userId = raterOf(request);
    const { rating } = feedbackRequestSchema.parse(request.body);
    return feedback.rate(userId, request.params.id, rating);
  });

  app.get<IdParams>('/api/conversations/:id/feedback', async (request) =>
    feedback.givenIn(requireUser(request).user.id, request.params.id),
  );
}
