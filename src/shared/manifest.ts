import { texts } from './i18n/texts.js';

/**
 * The web app manifest's words (issue 36, docs/decisions/0164): its description in each language. Its name
 * is the brand, "Vehicle Contact", in every language. vite.config.ts writes the English into the built
 * manifest; the server answers /manifest.webmanifest in the asker's language (src/server/plugins/static.ts).
 */
export const manifestTexts = texts('manifest', {
  description: "Reach a vehicle's owner anonymously by QR code or licence plate.",
});
