import * as z from 'zod/mini';
import * as c from '../contract.js';
import { requestBody } from '../request-fields.js';

/**
 * The owner's notification preferences the server itself must honour (issue 10): whether a push shows the
 * message's text. The rest of the notification preferences live only in the browser's cookie.
 */
export const notificationPreferencesTexts = {
  showPreviewsRequired: 'showPreviews must be true or false',
  /** A push's body when the owner turned previews off. */
  hiddenPreview: 'Open the app to read it.',
} as const;

/** PUT /api/push/preferences {showPreviews}. */
export const notificationPreferencesRequestSchema = /* @__PURE__ */ z.lazy(() =>
  requestBody(
    { showPreviews: 'boolean' },
    // Required: absent or null is refused with the same words as a wrong type.
    z.object({ showPreviews: z.boolean({ error: notificationPreferencesTexts.showPreviewsRequired }) }),
  ),
);

/** GET and PUT /api/push/preferences answer the preferences now in force. */
export const notificationPreferencesResponseSchema = c.object({ showPreviews: c.boolean });
export type NotificationPreferences = c.Infer<typeof notificationPreferencesResponseSchema>;
