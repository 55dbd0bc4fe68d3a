import { describe, expect, it } from 'vitest';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import { ApiError } from './api-error.js';
import { errorToastFor, genericErrorToast } from './error-toasts.js';

describe('generic error toasts', () => {
  it.each([
    [new TypeError('Failed to fetch'), 'NETWORK', 'Connection Problem', 'Retry'],
    [new ApiError(401, 'Unauthorized', null), 'AUTHENTICATION', 'Session Expired', 'Login Again'],
    [
      new ApiError(400, 'Bad Request', { message: 'Bad plate' }),
      'VALIDATION',
      'Invalid Information',
      'Fix & Retry',
    ],
    [new ApiError(404, 'Not Found', { message: 'No such page' }), 'NOT_FOUND', 'Not Found', 'Go Back'],
    [new Error('Forbidden'), 'PERMISSION', 'Access Denied', 'Contact Support'],
    [new ApiError(500, 'Internal Server Error', null), 'SERVER', 'Something Went Wrong', 'Try Again'],
    [
      new ApiError(429, 'Too Many Requests', { message: 'Slow down' }),
      'RATE_LIMIT',
      'Too Many Requests',
      'Wait & Retry',
    ],
    [new Error('Something odd'), 'UNKNOWN', 'Unexpected Error', 'Try Again'],
  ] as const)('%o gives %s: %s with action %s', (error, errorClass, title, actionLabel) => {
    const shown = errorToastFor(error, true);
    expect(shown).toEqual({
      errorClass,
      title,
      actionLabel,
      description: genericErrorToast(errorClass).description,
    });
    expect(shown.description).not.toBe('');
  });

  it('gives the offline toast when the browser is offline', () => {
    expect(errorToastFor(new ApiError(500, 'x', null), false)).toMatchObject({
      errorClass: 'OFFLINE',
      title: "You're Offline",
      actionLabel: 'Retry When Online',
    });
  });
});

describe('message-specific error toasts', () => {
  it.each([
    [
      'License plate already registered',
      'License Plate Already Registered',
      'Each license plate can only be registered once.',
    ],
    [
      'Vehicle not found',
      'Vehicle Not Found',
      'This QR code or license plate is not registered, or the vehicle is inactive.',
    ],
    [
      'Message failed to send',
      'Message Failed to Send',
      'The owner may have blocked messages or there was a connection issue.',
    ],
    ['User is blocked', 'User Blocked', 'This user has blocked messages from your account.'],
    [
      'QR code invalid',
      'Invalid QR Code',
      "This is not a valid vehicle QR code. Check you're scanning the right one.",
    ],
    ['Session expired', 'Session Expired', "You'll be logged back in automatically."],
  ])('a message containing "%s" gives %s', (match, title, description) => {
    const error = new ApiError(409, 'Conflict', { message: `Sorry: ${match.toLowerCase()} (details)` });
    const shown = errorToastFor(error, true);
    expect(shown).toMatchObject({ title, description });
    expect(shown.actionLabel).toBeUndefined();
  });

  it('says what the vehicle limit is when the server refuses another vehicle', () => {
    const refused = new ApiError(409, 'Conflict', {
      message: vehicleTexts.tooManyVehicles,
      code: 'VEHICLE_LIMIT',
    });
    expect(errorToastFor(refused, true)).toMatchObject({
      title: 'Vehicle Limit Reached',
      description: 'You can register at most 20 vehicles. Remove one to add another.',
    });
  });

  it("reads the owner's conflicts (a plate taken, the vehicle limit) for a 409 only", () => {
    const plateWords = { message: 'License plate already registered' };
    expect(errorToastFor(new ApiError(409, 'Conflict', plateWords), true).title).toBe(
      'License Plate Already Registered',
    );
    // Not a conflict: the class's own toast (a finder's screens never meet the owner's conflicts: 0168).
    expect(errorToastFor(new ApiError(400, 'Bad Request', plateWords), true).title).toBe(
      'Invalid Information',
    );
  });

  it('keeps the class of the failure for the handler', () => {
    expect(errorToastFor(new ApiError(403, 'Forbidden', { message: 'User is blocked' }), true)).toMatchObject(
      {
        errorClass: 'AUTHENTICATION',
        title: 'User Blocked',
      },
    );
  });
});
