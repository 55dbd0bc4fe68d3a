import * as c from '../contract.js';

/** What GET /api/support answers: where the Help screen sends people (SUPPORT_EMAIL, ADDENDUM §8). */
export const supportResponseSchema = c.object({ email: c.string });
export type SupportResponse = c.Infer<typeof supportResponseSchema>;
