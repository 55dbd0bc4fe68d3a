import { icu, texts } from '../../shared/i18n/texts.js';

/** The sticker PDF's own words that only the server writes (issue 36): its document title (metadata). */
export const stickerFileTexts = texts('stickerFile', {
  title: icu<{ plate: string }>('Sticker for {plate}'),
});
