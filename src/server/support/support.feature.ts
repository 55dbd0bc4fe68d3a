import type { SupportResponse } from '../../shared/support/support.contract.js';
import type { Feature } from '../feature.js';

/**
 * GET /api/support: the Help screen's contact address (SUPPORT_EMAIL). Public, like the screen's text: it
 * is the address the operator chose to publish.
 */
export const registerSupportFeature: Feature = (app, { config }) => {
  const answer: SupportResponse = { email: config.supportEmail };
  app.get('/api/support', async () => answer);
};
