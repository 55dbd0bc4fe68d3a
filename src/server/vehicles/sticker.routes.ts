import type { FastifyInstance } from 'fastify';
import { stickerQuerySchema } from '../../shared/vehicles/sticker.js';
import { requireUser } from '../plugins/session.js';
import type { StickerService } from './sticker.service.js';

/** GET /api/vehicles/{id}/sticker.pdf?template=a6|a4&theme=light|dark: the owner's sticker, as a download. */
export function registerStickerRoutes(
  app: FastifyInstance,
  { stickers }: { stickers: StickerService },
): void {
  app.get<{ Params: { id: string } }>('/api/vehicles/:id/sticker.pdf', async (request, reply) => {
    const { user } = requireUser(request);
    const query = stickerQuerySchema.parse(request.query);
    const { fileName, pdf } = await stickers.render(user.id, request.params.id, query);
    return reply
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .type('application/pdf')
      .send(pdf);
  });
}
