import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SendRefusal } from '../../../shared/server-render.js';

/**
 * Send Message as a form that works without JavaScript (issue 37, decision 0168): it posts to the page's own
 * address (src/server/finder-pages/), carrying a once-only key of its own, and a refusal comes back drawn in
 * the page. With JavaScript the page sends through the API as ever, and none of this is used.
 */

/** Where the server's render keeps a refused post's words and text (src/client/ssr/render.tsx). */
export const sendRefusalKey = (vehicleId: string) => ['send-refusal', vehicleId] as const;

/** The refusal of this vehicle's form that the server drew the page with, if any (it never changes after). */
export function useSendRefusal(vehicleId: string): SendRefusal | undefined {
  return useQueryClient().getQueryData<SendRefusal>(sendRefusalKey(vehicleId));
}

/** The form's own once-only key: a post sent twice (a double tap, a reload's "send again") sends once. */
export function useFormKey(): string {
  const [key] = useState(() =>
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
      '',
    ),
  );
  return key;
}
