import { texts } from '../i18n/texts.js';

/**
 * Contact details a message carries are masked before it is stored and delivered (issue 33 point 2,
 * docs/decisions/0148-contact-details-scrubbed.md): each span found is replaced by one of these, in the
 * writer's language (the words around it are theirs too; docs/decisions/0165).
 */
export const scrubTexts = texts('scrub', {
  phone: '[phone number hidden]',
  email: '[email hidden]',
  link: '[link hidden]',
  contact: '[contact hidden]',
});

/** Told to the writer before they send (Send Message, the chat's composer); apart, for the finder's budget. */
export const contactNoticeTexts = texts('contactNotice', {
  notice: 'Contact details are hidden to protect both of you',
});
