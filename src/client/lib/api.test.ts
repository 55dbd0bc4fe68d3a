import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserSchema, messageResultSchema } from '../../shared/auth/auth.contract.js';
import {
  type PublicVehicle,
  publicVehicleSchema,
  vehicleListSchema,
} from '../../shared/vehicles/vehicles.responses.js';
import { apiRequest, readQuery } from './api.js';
import { ApiError, ResponseContractError } from './api-error.js';
import { connectivity } from './connectivity.js';
import {
  EMAIL_VERIFICATION_REQUIRED_EVENT,
  isEmailVerificationRequired,
} from './email-verification-event.js';
import { errorToastFor } from './error-toasts.js';
import { classifyError, ErrorClass } from './errors.js';
import { shouldRetryQuery } from './retry.js';

const vehicle: PublicVehicle = {
  id: 'v-1',
  make: 'Toyota',
  model: 'Camry',
  year: '2024',
  color: 'blue',
  vehicleType: 'sedan',
  displayName: null,
  licensePlate: 'ABC-1234',
  themePreset: 'default',
  acceptMessagesFrom: 'everyone',
  verificationWord: 'MAPLE',
};

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  fetchMock.mockResolvedValue(Response.json(body, { status, statusText: `Status ${status}` }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', new EventTarget());
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('apiRequest', () => {
  it('answers what its contract parses', async () => {
    answer(200, vehicle);
    await expect(
      apiRequest('GET', '/api/vehicles/public/v-1', undefined, { response: publicVehicleSchema }),
    ).resolves.toEqual(vehicle);
  });

  it('drops keys the contract does not name', async () => {
    answer(200, { ...vehicle, ownerId: 'u-1', qrCode: 'secret' });
    const found = await apiRequest('GET', '/api/vehicles/public/v-1', undefined, {
      response: publicVehicleSchema,
    });
    expect(found).toEqual(vehicle);
    expect(found).not.toHaveProperty('ownerId');
  });

  it('sends the body as JSON with the session cookie', async () => {
    answer(200, { message: 'Sent' });
    await apiRequest(
      'POST',
      '/api/auth/forgot-password',
      { email: 'a@example.com' },
      {
        response: messageResultSchema,
      },
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/forgot-password',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"email":"a@example.com"}',
        // The app's language, so that the server words its errors in it (docs/decisions/0162).
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Accept-Language': 'en-US',
        },
      }),
    );
  });

  it.each([
    ['a missing field', { ...vehicle, licensePlate: undefined }],
    ['a field of another kind', { ...vehicle, year: 2024 }],
    ['a value outside the catalog', { ...vehicle, vehicleType: 'spaceship' }],
    ['a list for one', [vehicle]],
    ['an empty answer', null],
  ])('throws a ResponseContractError for %s, a server fault for the screens', async (_name, body) => {
    answer(200, body);
    const error = await apiRequest('GET', '/api/vehicles/public/v-1', undefined, {
      response: publicVehicleSchema,
    }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ResponseContractError);
    expect(error).toMatchObject({ method: 'GET', path: '/api/vehicles/public/v-1' });
    expect(classifyError(error, true)).toBe(ErrorClass.server);
    expect(errorToastFor(error, true).title).toBe('Something Went Wrong');
    expect(shouldRetryQuery(0, error)).toBe(false);
  });

  it('throws ApiError with the status and body of a failed answer, whatever the contract', async () => {
    answer(409, { message: 'License plate already registered', code: 'PLATE_TAKEN' });
    const error = await apiRequest('POST', '/api/vehicles', {}, { response: publicVehicleSchema }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'PLATE_TAKEN',
      message: 'License plate already registered',
    });
  });

  it('reads a failed answer that is not ours by its status: a proxy page, fields of another kind', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const proxied = await apiRequest('GET', '/api/vehicles', undefined, {
      response: vehicleListSchema,
    }).catch((failure: unknown) => failure);
    expect(proxied).toMatchObject({ status: 502, body: null, message: '502 Bad Gateway' });

    answer(409, { message: 42, code: 'SOMETHING_NEW', email: ['a'] });
    const odd = await apiRequest('POST', '/api/vehicles', {}, { response: vehicleListSchema }).catch(
      (failure: unknown) => failure,
    );
    expect(odd).toBeInstanceOf(ApiError);
    expect((odd as ApiError).body).toEqual({});
    expect((odd as ApiError).message).toBe('409 Status 409');
  });

  it('raises the verification screen for a 403 asking to verify the email, and still fails the call', async () => {
    const raised = vi.fn();
    window.addEventListener(EMAIL_VERIFICATION_REQUIRED_EVENT, (event) =>
      raised((event as CustomEvent<{ email: string }>).detail.email),
    );
    answer(403, { message: 'Verify', code: 'EMAIL_VERIFICATION_REQUIRED', email: 'a@example.com' });
    const error = await apiRequest('GET', '/api/vehicles', undefined, { response: vehicleListSchema }).catch(
      (failure: unknown) => failure,
    );
    expect(isEmailVerificationRequired(error)).toBe(true);
    expect(raised).toHaveBeenCalledExactlyOnceWith('a@example.com');
  });

  it('raises nothing for another 403', async () => {
    const raised = vi.fn();
    window.addEventListener(EMAIL_VERIFICATION_REQUIRED_EVENT, raised);
    answer(403, { message: 'Cross-site request refused', code: 'FOREIGN_ORIGIN' });
    const error = await apiRequest('POST', '/api/vehicles', {}, { response: vehicleListSchema }).catch(
      (failure: unknown) => failure,
    );
    expect(isEmailVerificationRequired(error)).toBe(false);
    expect(raised).not.toHaveBeenCalled();
  });
});

describe('apiRequest and connectivity', () => {
  afterEach(() => connectivity.reportAnswer());

  it('takes the app offline when a call gets no answer, and online again with the next answer of any status', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const lost = await apiRequest('GET', '/api/vehicles', undefined, { response: vehicleListSchema }).catch(
      (failure: unknown) => failure,
    );
    expect(lost).toBeInstanceOf(TypeError);
    expect(connectivity.isOnline()).toBe(false);
    // Classified while nothing answers: offline, the spec's "You're Offline", and read again once online.
    expect(classifyError(lost)).toBe(ErrorClass.offline);
    expect(errorToastFor(lost).title).toBe("You're Offline");
    expect(shouldRetryQuery(5, lost)).toBe(true);

    answer(503, { message: 'Service unavailable' });
    const refused = await apiRequest('GET', '/api/vehicles', undefined, {
      response: vehicleListSchema,
    }).catch((failure: unknown) => failure);
    expect(connectivity.isOnline()).toBe(true);
    expect(classifyError(refused)).toBe(ErrorClass.server);
    expect(classifyError(new TypeError('Failed to fetch'))).toBe(ErrorClass.network);
  });

  it('says nothing of the network when the caller aborts', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(
      apiRequest('GET', '/api/vehicles', undefined, { response: vehicleListSchema }),
    ).rejects.toThrow('aborted');
    expect(connectivity.isOnline()).toBe(true);
  });
});

describe('readQuery', () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  afterEach(() => client.clear());

  it('GETs the joined key and answers what the contract parses', async () => {
    answer(200, null);
    await expect(
      client.fetchQuery({ queryKey: ['/api/auth/user'], queryFn: readQuery(currentUserSchema) }),
    ).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', expect.objectContaining({ method: 'GET' }));
  });

  it('answers null on 401 and has the session read again', async () => {
    answer(401, { message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
    const reread = vi.spyOn(client, 'invalidateQueries');
    await expect(
      client.fetchQuery({ queryKey: ['/api/vehicles', 'inactive'], queryFn: readQuery(vehicleListSchema) }),
    ).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/vehicles/inactive', expect.anything());
    expect(reread).toHaveBeenCalledWith({ queryKey: ['/api/auth/user'] }, { cancelRefetch: false });
  });

  it('fails the read when the answer breaks its contract', async () => {
    answer(200, [{ ...vehicle, isActive: 'yes', qrCode: 'q' }]);
    await expect(
      client.fetchQuery({ queryKey: ['/api/vehicles'], queryFn: readQuery(vehicleListSchema) }),
    ).rejects.toBeInstanceOf(ResponseContractError);
  });
});
