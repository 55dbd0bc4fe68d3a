import type { MessageStatus } from './messaging/status.contract.js';
import type { PublicVehicle } from './vehicles/vehicles.responses.js';

/**
 * What the server's page routes (src/server/finder-pages/) and the renderer the client's build makes for them
 * (src/client/ssr/render.tsx, dist/ssr/render.js) say to each other (decision 0168).
 */

/** What the page's reads would answer, already asked for by the server: the page draws them at once. */
export interface PageAnswers {
  /** A QR link's vehicle (null: no active vehicle has the code). */
  vehicleByQrCode?: { code: string; vehicle: PublicVehicle | null };
  /** A short code's vehicle, by its canonical form. */
  vehicleByShortCode?: { code: string; vehicle: PublicVehicle | null };
  /** A vehicle by id (Vehicle found, Send Message; null: none active has it, which Send Message says). */
  vehicleById?: { id: string; vehicle: PublicVehicle | null };
  /** A message to the sample vehicle was just sent by a form: its confirmation (it is delivered to nobody). */
  sampleSent?: boolean;
  /** A sent message's status for its sender (null: not theirs to see, or gone). */
  messageStatus?: { id: string; status: MessageStatus | null };
  /** Send Message posted without JavaScript and refused: the refusal in words, and the text as it was. */
  sendRefusal?: SendRefusal;
}

export interface SendRefusal {
  vehicleId: string;
  message: string;
  content: string;
}

export interface PageRenderRequest {
  /** The address's path and its query (with its `?`, or empty). */
  path: string;
  search: string;
  /** The request's Cookie header: the page reads the preferences and hints the browser will. */
  cookies: string;
  answers: PageAnswers;
}

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The client's query cache as JSON (TanStack Query's dehydrated state), for its hydration. */
  state: string;
}

/** The element id of the script that carries RenderedPage.state in the HTML. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';
