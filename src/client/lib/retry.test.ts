import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, ResponseContractError } from './api-error.js';
import { connectivity } from './connectivity.js';
import {
  queryRetryDelay,
  retryDelayUnlessOffline,
  retryUnlessNotFound,
  retryUnlessOffline,
  shouldRetryMutation,
  shouldRetryQuery,
} from './retry.js';

const failures = {
  network: new TypeError('Failed to fetch'),
  authentication: new ApiError(401, 'Unauthorized', null),
  forbidden: new ApiError(403, 'Forbidden', null),
  validation: new ApiError(422, 'Unprocessable Entity', null),
  permission: new Error('Access denied'),
  notFound: new ApiError(404, 'Not Found', null),
  server: new ApiError(500, 'Internal Server Error', null),
  rateLimit: new ApiError(429, 'Too Many Requests', null),
  unknown: new Error('Something odd'),
};

describe('shouldRetryQuery', () => {
  it.each([
    ['network', 0, true],
    ['network', 1, true],
    ['network', 2, false],
    ['server', 0, true],
    ['server', 1, true],
    ['server', 2, false],
    ['rateLimit', 1, true],
    ['notFound', 0, true],
    ['unknown', 1, true],
    ['unknown', 2, false],
    ['authentication', 0, false],
    ['forbidden', 0, false],
    ['validation', 0, false],
    ['permission', 0, false],
  ] as const)('%s after failure %i: %s', (kind, failureCount, expected) => {
    expect(shouldRetryQuery(failureCount, failures[kind])).toBe(expected);
  });
});

describe('queryRetryDelay', () => {
  it.each([
    [0, 1_000],
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [4, 16_000],
    [5, 30_000],
    [10, 30_000],
  ])('after failure %i waits %i ms', (failureCount, expected) => {
    expect(queryRetryDelay(failureCount)).toBe(expected);
  });
});

describe('shouldRetryMutation', () => {
  it.each([
    ['network', 0, true],
    ['server', 0, true],
    ['network', 1, false],
    ['server', 1, false],
    ['rateLimit', 0, false],
    ['authentication', 0, false],
    ['validation', 0, false],
    ['permission', 0, false],
    ['notFound', 0, false],
    ['unknown', 0, false],
  ] as const)('%s after failure %i: %s', (kind, failureCount, expected) => {
    expect(shouldRetryMutation(failureCount, failures[kind])).toBe(expected);
  });
});

describe('retryUnlessNotFound', () => {
  it.each([
    ['notFound', 0, false],
    ['network', 0, true],
    ['network', 2, false],
    ['server', 1, true],
    ['authentication', 0, false],
  ] as const)('%s after failure %i: %s', (kind, failureCount, expected) => {
    expect(retryUnlessNotFound(failureCount, failures[kind])).toBe(expected);
  });
});

describe('an answer that broke its contract', () => {
  const broken = new ResponseContractError('POST', '/api/vehicles', new Error('expected string'));

  it('is never retried: the request succeeded, and a write would be done twice', () => {
    expect(shouldRetryQuery(0, broken)).toBe(false);
    expect(retryUnlessNotFound(0, broken)).toBe(false);
    expect(shouldRetryMutation(0, broken)).toBe(false);
  });
});

describe('while the app is offline (a call got no answer)', () => {
  beforeEach(() => connectivity.reportNoAnswer());
  afterEach(() => connectivity.reportAnswer());

  it('a read is always tried again, at once: TanStack Query holds it until the connection is back', () => {
    for (const kind of ['network', 'server', 'unknown', 'notFound'] as const) {
      expect(shouldRetryQuery(10, failures[kind])).toBe(true);
      expect(queryRetryDelay(3, failures[kind])).toBe(0);
    }
    expect(retryUnlessOffline(1)(5, failures.network)).toBe(true);
    expect(retryDelayUnlessOffline(1_000)(0, failures.network)).toBe(0);
  });

  it('online again, the counts and delays are the usual ones', () => {
    connectivity.reportAnswer();
    expect(shouldRetryQuery(2, failures.network)).toBe(false);
    expect(queryRetryDelay(3, failures.network)).toBe(8_000);
    expect(retryUnlessOffline(1)(1, failures.network)).toBe(false);
    expect(retryUnlessOffline(1)(0, failures.server)).toBe(true);
    expect(retryDelayUnlessOffline(1_000)(0, failures.network)).toBe(1_000);
  });
});
