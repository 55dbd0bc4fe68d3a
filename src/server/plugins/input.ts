import type { FastifyInstance } from 'fastify';
import { badRequest, unsupportedMediaType } from '../errors/http-error.js';
import { hasDotSegment, isApiPath, noRoute } from './paths.js';

const MAX_DEPTH = 20;

/** Whether a parsed JSON value holds a NUL character anywhere (PostgreSQL refuses it in text). */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((entry) => containsNul(entry, depth + 1));
}

/** The refusal of a body with a NUL character in its text (a form's parser refuses it too: finder-pages). */
export const nulInText = () => badRequest('Text must not contain NUL characters');

/** The charset a Content-Type names (lowercased, unquoted), or undefined when it names none. */
function charsetOf(contentType: string): string | undefined {
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, ...value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'charset') {
      return value
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
    }
  }
  return undefined;
}

const mediaTypeOf = (contentType: string) => (contentType.split(';')[0] ?? '').trim().toLowerCase();

/**
 * Answers an /api path with a dot segment the JSON 404 (decision 0129). Refuses NUL characters in the URL
 * and in JSON bodies, so both engines store and compare the same text
 * (SQLite would keep it, PostgreSQL would fail with a 500). Reads JSON bodies only, and only in UTF-8
 * (docs/decisions/0054-malformed-requests.md).
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (/%00/i.test(request.url) || request.url.includes('\u0000'))
      return done(badRequest('The address contains a NUL character'));
    // A dot segment in an /api path (`..`, `%2e%2e`, `.%2E`, `..%2f`): the JSON 404 of a path no route
    // has, whatever the router matched, before the route or any later hook runs (decision 0129).
    if (hasDotSegment(request.url)) {
      const route = request.routeOptions.url;
      if (isApiPath(request.url) || (route !== undefined && isApiPath(route))) {
        return done(noRoute(request.method, request.url));
      }
    }
    // The JSON parser reads every body as UTF-8: a body declared in another charset would be misread.
    const contentType = request.headers['content-type'];
    const mayHaveBody = request.method !== 'GET' && request.method !== 'HEAD';
    if (mayHaveBody && contentType && mediaTypeOf(contentType) === 'application/json') {
      const charset = charsetOf(contentType);
      if (charset !== undefined && charset !== 'utf-8') {
        return done(unsupportedMediaType('Send the request body as JSON in UTF-8'));
      }
    }
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.body)) done(nulInText());
    else done();
  });

  // Fastify reads text/plain bodies by default; no route takes one.
  app.removeContentTypeParser('text/plain');
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
