import { texts } from '../../shared/i18n/texts.js';

/**
 * The words of the errors the server answers itself (issue 36): a refused request of the wrong shape, a
 * dependency down, a bug. Answered in the request's language; an answer written before any request could be
 * read (Node's own refusal of what is not HTTP) is in English (docs/decisions/0164).
 */
export const serverErrorTexts = texts('serverErrors', {
  unavailable: 'Service temporarily unavailable. Please try again shortly.',
  internal: 'Something went wrong on our side',
  badAddress: 'The address is not valid',
  addressTooLong: 'The address is too long',
  tooSlow: 'The request did not arrive in time',
  headersTooLong: 'The request headers or address are too long',
  notHttp: 'The request is not valid HTTP',
  bodyTooLarge: 'Request body is too large',
  notJsonType: 'Send the request body as application/json',
  emptyJson: 'Request body is empty but the content-type says JSON',
  badJson: 'Request body is not valid JSON',
  notFound: 'Not found',
  foreignOrigin: 'Cross-site request refused',
});
