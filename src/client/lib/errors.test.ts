import { describe, expect, it } from 'vitest';
import { ApiError, errorText } from './api-error.js';
import { classifyError, ErrorClass, isRetryable, needsRelogin } from './errors.js';

const apiError = (status: number, message?: string) =>
  new ApiError(status, 'Status Text', message === undefined ? null : { message });

describe('classifyError', () => {
  it.each([
    // status first
    [apiError(401, 'anything'), 'AUTHENTICATION'],
    [apiError(403, 'anything'), 'AUTHENTICATION'],
    [apiError(404, 'anything'), 'NOT_FOUND'],
    [apiError(400, 'anything'), 'VALIDATION'],
    [apiError(422, 'anything'), 'VALIDATION'],
    [apiError(429, 'anything'), 'RATE_LIMIT'],
    [apiError(500, 'anything'), 'SERVER'],
    [apiError(503, 'anything'), 'SERVER'],
    // the status wins over a keyword
    [apiError(404, 'network unreachable'), 'NOT_FOUND'],
    [apiError(500, 'Vehicle not found'), 'SERVER'],
    [apiError(401, 'validation failed'), 'AUTHENTICATION'],
    // then message keywords, row by row
    [new TypeError('NetworkError when attempting to fetch resource.'), 'NETWORK'],
    [new TypeError('Failed to fetch'), 'NETWORK'],
    [new Error('Connection reset'), 'NETWORK'],
    [new Error('Unauthorized'), 'AUTHENTICATION'],
    [new Error('Link expired'), 'AUTHENTICATION'],
    [new Error('Invalid token supplied'), 'AUTHENTICATION'],
    [new Error('Validation error'), 'VALIDATION'],
    [new Error('Invalid plate'), 'VALIDATION'],
    [new Error('Make is required'), 'VALIDATION'],
    [new Error('Vehicle not found'), 'NOT_FOUND'],
    [new Error('That does not exist'), 'NOT_FOUND'],
    [new Error('No permission'), 'PERMISSION'],
    [new Error('Forbidden'), 'PERMISSION'],
    [new Error('Access denied'), 'PERMISSION'],
    [new Error('Something odd'), 'UNKNOWN'],
    ['a bare string', 'UNKNOWN'],
    [undefined, 'UNKNOWN'],
    // statuses outside the table fall through to keywords
    [apiError(409, 'License plate already registered'), 'UNKNOWN'],
    [apiError(409, 'Plate is required'), 'VALIDATION'],
    [apiError(302, 'moved'), 'UNKNOWN'],
    // keyword rows are checked in the table's order
    [new Error('network permission denied'), 'NETWORK'],
    [new Error('expired and invalid'), 'AUTHENTICATION'],
    [new Error('invalid token'), 'AUTHENTICATION'],
    [new Error('required thing not found'), 'VALIDATION'],
    [new Error('not found: forbidden'), 'NOT_FOUND'],
  ] as const)('classifies %o as %s', (error, expected) => {
    expect(classifyError(error, true)).toBe(expected);
  });

  it('says OFFLINE before anything else when the browser is offline', () => {
    expect(classifyError(apiError(500, 'x'), false)).toBe('OFFLINE');
    expect(classifyError(new Error('Unauthorized'), false)).toBe('OFFLINE');
  });
});

describe('needsRelogin', () => {
  const forbidden = (code?: string, message = 'Forbidden') =>
    new ApiError(403, 'Forbidden', { message, code } as ConstructorParameters<typeof ApiError>[2]);

  it.each([
    ['a 401', apiError(401), true],
    ['a 401 with a message', apiError(401, 'You are not signed in'), true],
    ['a "Session expired" answer', apiError(409, 'Your session expired, sorry'), true],
    ['a "Session expired" failure', new Error('Session expired'), true],
    ['a 403 asking for email verification', forbidden('EMAIL_VERIFICATION_REQUIRED', 'Verify'), false],
    ['a 403 from a foreign origin', forbidden('FOREIGN_ORIGIN'), false],
    ['a 403 for a blocked user', forbidden(undefined, 'User is blocked'), false],
    ['a 403 without a code', forbidden(), false],
    ['a coded 403 that speaks of an expired session', forbidden('FOREIGN_ORIGIN', 'Session expired'), false],
    ['an "Unauthorized" text without a status', new Error('Unauthorized'), false],
    ['a server fault', apiError(500), false],
  ] as const)('%s: %s', (_name, error, expected) => {
    expect(needsRelogin(error)).toBe(expected);
  });
});

describe('errorText', () => {
  it.each([
    [
      400,
      'Bad Request',
      { message: 'Please enter a valid email address' },
      'Please enter a valid email address',
    ],
    [500, 'Internal Server Error', null, '500 Internal Server Error'],
    [502, 'Bad Gateway', {}, '502 Bad Gateway'],
    [404, 'Not Found', { message: '' }, '404 Not Found'],
    [404, 'Not Found', { message: '   ' }, '404 Not Found'],
  ])('status %i %s with %o gives "%s"', (status, statusText, body, expected) => {
    expect(errorText(status, statusText, body)).toBe(expected);
    expect(new ApiError(status, statusText, body).message).toBe(expected);
  });
});

describe('isRetryable', () => {
  it.each([
    ['NETWORK', true],
    ['SERVER', true],
    ['RATE_LIMIT', true],
    ['OFFLINE', true],
    ['AUTHENTICATION', false],
    ['VALIDATION', false],
    ['NOT_FOUND', false],
    ['PERMISSION', false],
    ['UNKNOWN', false],
  ] as const)('%s is retryable: %s', (errorClass, expected) => {
    expect(isRetryable(errorClass)).toBe(expected);
  });

  it('covers every class', () => {
    expect(Object.values(ErrorClass)).toHaveLength(9);
  });
});
