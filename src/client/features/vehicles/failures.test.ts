import { describe, expect, it } from 'vitest';
import { vehicleTexts } from '../../../shared/vehicles/index.js';
import { ApiError } from '../../lib/api-error.js';
import { isPlateConflict, isSessionFailure, reactivationFailureText } from './failures.js';

const conflict = new ApiError(409, 'Conflict', { message: vehicleTexts.cannotReactivate });

describe('reactivationFailureText', () => {
  it('names the plate conflict when the server refused it (spec §8)', () => {
    expect(reactivationFailureText(conflict)).toBe(
      'Cannot reactivate: This license plate is already registered with another active vehicle',
    );
  });

  it.each([new ApiError(500, 'Internal Server Error', null), new TypeError('Failed to fetch'), 'boom'])(
    'falls back to the generic text for %s',
    (error) => {
      expect(reactivationFailureText(error)).toBe('Failed to reactivate vehicle');
    },
  );
});

describe('failure kinds', () => {
  it('tells the plate conflict and session failures apart', () => {
    expect(
      isPlateConflict(new ApiError(409, 'Conflict', { message: vehicleTexts.plateAlreadyRegistered })),
    ).toBe(true);
    expect(isPlateConflict(conflict)).toBe(false);
    expect(isSessionFailure(new ApiError(401, 'Unauthorized', null))).toBe(true);
    expect(isSessionFailure(new ApiError(403, 'Forbidden', { code: 'EMAIL_VERIFICATION_REQUIRED' }))).toBe(
      true,
    );
    expect(isSessionFailure(new ApiError(404, 'Not Found', null))).toBe(false);
  });
});
