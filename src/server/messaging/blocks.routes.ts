import type { FastifyInstance } from 'fastify';
import { blockRequestSchema, blockTexts } from '../../shared/messaging/blocks.contract.js';
import { requireUser } from '../plugins/session.js';
import { presentBlock } from './blocks.presenter.js';
import type { BlocksService } from './blocks.service.js';

export function registerBlocksRoutes(app: FastifyInstance, { blocks }: { blocks: BlocksService }): void {
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
