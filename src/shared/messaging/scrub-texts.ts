/**
 * Contact details a message carries are masked before it is stored and delivered (issue 33 point 2,
 * docs/decisions/0148-contact-details-scrubbed.md): each span found is replaced by one of these.
 */
export const scrubTexts = {
  phone: '[phone number hidden]',
  email: '[email hidden]',
  link: '[link hidden]',
  contact: '[contact hidden]',
} as const;

/** Told to the writer before they send (Send Message, the chat's composer); apart, for the finder's budget. */
export const CONTACT_DETAILS_NOTICE = 'Contact details are hidden to protect both of you';
