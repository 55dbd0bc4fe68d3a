import { describe, expect, it } from 'vitest';
import { ApiError, errorText } from './api-error.js';
import { classifyError, ErrorClass, isRetryable } from './errors.js';

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
