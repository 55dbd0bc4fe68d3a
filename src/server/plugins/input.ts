import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/errors.js';
import { badRequest, HttpError } from './errors.js';

const MAX_DEPTH = 20;

/** Whether a parsed JSON value holds a NUL character anywhere (PostgreSQL refuses it in text). */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((entry) => containsNul(entry, depth + 1));
}

/**
 * Refuses NUL characters in the URL and in JSON bodies, so both engines store and compare the same text
 * (SQLite would keep it, PostgreSQL would fail with a 500).
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url) || request.url.includes('\u0000'))
      throw badRequest('The address contains a NUL character');
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw badRequest('Text must not contain NUL characters');
  });

  // An HTML form without fields (the logout confirmation page's) posts an empty urlencoded body; any
  // other form body is refused like every body that is not JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      if (body === '') done(null, undefined);
      else done(unsupportedMediaType());
    },
  );
}

export const unsupportedMediaType = () =>
  new HttpError(415, 'Send the request body as application/json', ErrorCode.unsupportedMediaType);
