import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/errors.js';
import { vehicleTexts } from '../../../shared/vehicles/texts.js';
import { ApiError } from '../../lib/api-error.js';
import { isPlateConflict, isSessionFailure, reactivationFailureText } from './failures.js';

// What the server answers (src/server/vehicles/vehicles.service.ts): the code is the contract, not the words.
const conflict = new ApiError(409, 'Conflict', {
  message: vehicleTexts.cannotReactivate,
  code: ErrorCode.plateTaken,
});
const plateTaken = new ApiError(409, 'Conflict', {
  message: vehicleTexts.plateAlreadyRegistered,
  code: ErrorCode.plateTaken,
});

describe('reactivationFailureText', () => {
  it('names the plate conflict when the server refused it (spec §8)', () => {
    expect(reactivationFailureText(conflict)).toBe(
      'Cannot reactivate: This license plate is already registered with another active vehicle',
    );
  });

  it.each([
    new ApiError(500, 'Internal Server Error', null),
    new TypeError('Failed to fetch'),
    'boom',
    // The words without the code: the code decides.
    new ApiError(409, 'Conflict', { message: vehicleTexts.cannotReactivate }),
    new Error(vehicleTexts.cannotReactivate),
  ])('falls back to the generic text for %s', (error) => {
    expect(reactivationFailureText(error)).toBe('Failed to reactivate vehicle');
  });
});

describe('failure kinds', () => {
  it('tells the plate conflict and session failures apart', () => {
    expect(isPlateConflict(plateTaken)).toBe(true);
    expect(isPlateConflict(new ApiError(409, 'Conflict', { message: vehicleTexts.cannotReactivate }))).toBe(
      false,
    );
    expect(isSessionFailure(new ApiError(401, 'Unauthorized', null))).toBe(true);
    expect(isSessionFailure(new ApiError(403, 'Forbidden', { code: 'EMAIL_VERIFICATION_REQUIRED' }))).toBe(
      true,
    );
    expect(isSessionFailure(new ApiError(404, 'Not Found', null))).toBe(false);
  });

  it('tells the plate conflict by its code, not by the words of the message', () => {
    expect(isPlateConflict(new ApiError(409, 'Conflict', { message: 'Reworded', code: 'PLATE_TAKEN' }))).toBe(
      true,
    );
    expect(
      isPlateConflict(new ApiError(409, 'Conflict', { message: vehicleTexts.plateAlreadyRegistered })),
    ).toBe(false);
    expect(isPlateConflict(new Error(vehicleTexts.plateAlreadyRegistered))).toBe(false);
    expect(isPlateConflict(new ApiError(409, 'Conflict', { code: ErrorCode.vehicleLimit }))).toBe(false);
  });
});
