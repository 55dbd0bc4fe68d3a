import type { FastifyInstance } from 'fastify';
import { blockRequestSchema, blockTexts } from '../../shared/messaging/blocks.contract.js';
import { requireUser } from '../plugins/session.js';
import { presentBlock } from './blocks.presenter.js';
import type { BlocksService } from './blocks.service.js';
import { registerFeedbackRoutes } from './feedback.routes.js';
import type { FeedbackService } from './feedback.service.js';

/** Blocks, and the ratings of received messages whose Report abuse blocks too (decision 0151). */
export function registerBlocksRoutes(
  app: FastifyInstance,
  { blocks, feedback }: { blocks: BlocksService; feedback: FeedbackService },
): void {
  registerFeedbackRoutes(app, { feedback });
  app.post('/api/block', async (request, reply) => {
    const userId = requireUser(request).user.id;
    const { conversationId, reason } = blockRequestSchema.parse(request.body);
    const id = await blocks.block(userId, conversationId, reason);
    return reply.status(201).send({ message: blockTexts.blocked, id });
  });

  app.get('/api/blocked-users', async (request) =>
    (await blocks.list(requireUser(request).user.id)).map(presentBlock),
  );

  app.delete<{ Params: { key: string } }>('/api/block/:key', async (request) => {
    await blocks.unblock(requireUser(request).user.id, request.params.key);
    return { message: blockTexts.unblocked };
  });
}
