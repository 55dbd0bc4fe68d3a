import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../errors/unavailable.js';
import { isUnavailable } from './errors.js';

/** An SQL error as pg hands it on: the server's ErrorResponse, with its SQLSTATE. */
function databaseError(code: string) {
  const error = new pg.DatabaseError('error from the server', 0, 'error');
  error.code = code;
  return error;
}

const systemError = (code: string) => Object.assign(new Error(`${code} something`), { code });

describe('isUnavailable: a dependency out of reach, told by type and code', () => {
  it.each(['08000', '08001', '08003', '08006', '08P01', '57P01', '57P02', '57P03', '53300'])(
    'a PostgreSQL error of SQLSTATE %s (connection, server going or starting, no slot) is',
    (code) => {
      expect(isUnavailable(databaseError(code))).toBe(true);
    },
  );

  it.each([
    '23505', // unique violation
    '23503', // foreign key violation
    '42P01', // undefined table
    '22012', // division by zero
    '57014', // statement timeout
    '40001', // serialization failure
    '53100', // disk full
  ])('a PostgreSQL error of SQL class %s is not', (code) => {
    expect(isUnavailable(databaseError(code))).toBe(false);
  });

  it('our UnavailableError is, also as the cause of another error', () => {
    const unavailable = new UnavailableError('Rate limit store unavailable', { cause: new Error('x') });
    expect(isUnavailable(unavailable)).toBe(true);
    expect(isUnavailable(new Error('handler failed', { cause: unavailable }))).toBe(true);
  });

  it.each(['ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'SQLITE_BUSY'])(
    'a system error %s from a dependency is, also as a cause',
    (code) => {
      expect(isUnavailable(systemError(code))).toBe(true);
      expect(isUnavailable(new TypeError('fetch failed', { cause: systemError(code) }))).toBe(true);
    },
  );

  it.each([
    'Connection terminated unexpectedly',
    'connect ECONNREFUSED 127.0.0.1:5432',
    'timeout exceeded when trying to connect',
    'Connection is closed.',
    'Reached the max retries per request limit (which is 20). Refer to "maxRetriesPerRequest" option for details.',
    'MaxRetriesPerRequestError',
  ])('a plain Error whose message reads like an outage is not: %s', (message) => {
    expect(isUnavailable(new Error(message))).toBe(false);
  });

  it('ECONNRESET is not: PostgreSQL and Redis wrap theirs', () => {
    expect(isUnavailable(systemError('ECONNRESET'))).toBe(false);
  });

  it('a bug is not, nor is nothing', () => {
    expect(isUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isUnavailable(undefined)).toBe(false);
    expect(isUnavailable(null)).toBe(false);
  });
});
