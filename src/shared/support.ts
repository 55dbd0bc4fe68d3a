import { z } from 'zod';

/** What GET /api/support answers: where the Help screen sends people (SUPPORT_EMAIL, ADDENDUM §8). */
export const supportResponseSchema = z.object({ email: z.string() });
export type SupportResponse = z.infer<typeof supportResponseSchema>;
