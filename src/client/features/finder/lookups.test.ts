import { partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.js';
import { errorToastFor } from '../../lib/error-toasts.js';
import { vehicleKeys } from '../vehicles/queries.js';
import { qrLookupError } from './lookups.js';
import { lookupKeys, lookupPaths } from './vehicle-reads.js';

describe('lookupPaths', () => {
  it('URL-encodes each segment and trims the plate', () => {
    expect(lookupPaths.byQrCode('a/b c')).toBe('/api/vehicles/qr/a%2Fb%20c');
    expect(lookupPaths.byPlate('  abc 1234 ')).toBe('/api/vehicles/lookup/abc%201234');
    expect(lookupPaths.byId('v?1')).toBe('/api/vehicles/public/v%3F1');
  });
});

describe('lookupKeys', () => {
  const code = 'Qx7_-k2pLm9aB3cD4eF5gH';
  const id = '0b9f7f8e-4c1d-4f8e-9a6b-2d3c4e5f6a7b';

  it('join into the lookup paths, as the default query function reads them', () => {
    expect(lookupKeys.byQrCode(code).join('/')).toBe(lookupPaths.byQrCode(code));
    expect(lookupKeys.byId(id).join('/')).toBe(lookupPaths.byId(id));
  });

  it('are reached by invalidating the vehicles', () => {
    expect(partialMatchKey(lookupKeys.byQrCode(code), vehicleKeys.all)).toBe(true);
    expect(partialMatchKey(lookupKeys.byId(id), vehicleKeys.all)).toBe(true);
  });
});

describe('qrLookupError', () => {
  it('names a 404 "Vehicle not found or QR code not registered", which the handler toasts as Vehicle Not Found', () => {
    const error = qrLookupError(new ApiError(404, 'Not Found', { message: 'Vehicle not found' }));
    expect(error.message).toBe('Vehicle not found or QR code not registered');
    expect(errorToastFor(error, true).title).toBe('Vehicle Not Found');
  });

  it('names other answers "Failed to lookup vehicle" and keeps their status and code', () => {
    const rateLimited = qrLookupError(new ApiError(429, 'Too Many Requests', { message: 'Slow down' }, 30));
    expect(rateLimited.message).toBe('Failed to lookup vehicle');
    expect(rateLimited).toBeInstanceOf(ApiError);
    expect((rateLimited as ApiError).retryAfterSeconds).toBe(30);
    expect(errorToastFor(rateLimited, true).title).toBe('Too Many Requests');

    const unverified = qrLookupError(
      new ApiError(403, 'Forbidden', { message: 'Verify', code: 'EMAIL_VERIFICATION_REQUIRED' }),
    );
    expect((unverified as ApiError).code).toBe('EMAIL_VERIFICATION_REQUIRED');
    expect(errorToastFor(qrLookupError(new ApiError(500, 'Internal Server Error', null)), true).title).toBe(
      'Something Went Wrong',
    );
  });

  it('names a failure without an answer "Failed to lookup vehicle" and keeps it as the cause', () => {
    const cause = new TypeError('Failed to fetch');
    const error = qrLookupError(cause);
    expect(error.message).toBe('Failed to lookup vehicle');
    expect(error.cause).toBe(cause);
  });
});
