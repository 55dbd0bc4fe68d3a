import { useMutation, useQuery } from '@tanstack/react-query';
import { type PublicVehicle, publicVehicleSchema } from '../../../shared/vehicles/contracts.js';
import { apiRequest } from '../../lib/api.js';
import { ApiError, isNotFound } from '../../lib/api-error.js';
import { VEHICLE_STALE_TIME_MS } from '../../lib/query-client.js';
import { retryUnlessNotFound } from '../../lib/retry.js';
import { finderTexts } from './texts.js';

/** Kept here for the finder's screens (pages/license-plate.tsx); it lives in lib with the retry rule. */
export { isNotFound };

/** The three public lookups of spec §7; each path segment is URL-encoded. */
export const lookupPaths = {
  byQrCode: (code: string) => `/api/vehicles/qr/${encodeURIComponent(code)}`,
  byPlate: (plate: string) => `/api/vehicles/lookup/${encodeURIComponent(plate.trim())}`,
  byId: (id: string) => `/api/vehicles/public/${encodeURIComponent(id)}`,
};

/**
 * The lookups' query keys start with '/api/vehicles' like every vehicle key (features/vehicles/queries.ts),
 * so a change that invalidates ['/api/vehicles'] refreshes a found vehicle too. Joined, a key is its path
 * for any code or id the server issues; the query functions still encode what a URL brought.
 */
export const lookupKeys = {
  byQrCode: (code: string) => ['/api/vehicles', 'qr', code] as const,
  byId: (id: string) => ['/api/vehicles', 'public', id] as const,
};

/** The lookups build their own paths (each segment encoded), so they call the API themselves, not readQuery. */
const getVehicle = (path: string, signal?: AbortSignal) =>
  apiRequest('GET', path, undefined, { response: publicVehicleSchema, signal });

/** The scanner's lookup: an action, not a read, so a mutation (retried once after a network or server failure). */
export function useQrLookup() {
  return useMutation({ mutationFn: (code: string) => getVehicle(lookupPaths.byQrCode(code)) });
}

export function usePlateLookup() {
  return useMutation({ mutationFn: (plate: string) => getVehicle(lookupPaths.byPlate(plate)) });
}

/** Resolves a QR code opened as a link (/vehicle/qr/{code}); disabled without a code. */
export function useVehicleByQrCode(code: string | undefined) {
  return useQuery({
    queryKey: lookupKeys.byQrCode(code ?? ''),
    queryFn: ({ signal }) => getVehicle(lookupPaths.byQrCode(code ?? ''), signal),
    enabled: code !== undefined,
    retry: retryUnlessNotFound,
    staleTime: VEHICLE_STALE_TIME_MS,
  });
}

/**
 * The public vehicle by id. A vehicle the previous screen kept is shown at once (`kept`, never cached as an
 * answer) while the server is asked, so an edit or a removal since then shows.
 */
export function usePublicVehicle(id: string, kept: PublicVehicle | undefined) {
  return useQuery({
    queryKey: lookupKeys.byId(id),
    queryFn: ({ signal }) => getVehicle(lookupPaths.byId(id), signal),
    placeholderData: kept,
    retry: retryUnlessNotFound,
    staleTime: VEHICLE_STALE_TIME_MS,
  });
}

/**
 * The failure the scanner hands to the shared handler (spec §8 QR lookup): "Vehicle not found or QR code
 * not registered" for a 404, "Failed to lookup vehicle" otherwise. An answer of the server keeps its
 * status and code, so the handler still tells a rate limit or a server fault from the rest.
 */
export function qrLookupError(error: unknown): Error {
  const message = isNotFound(error) ? finderTexts.qrNotFound : finderTexts.qrLookupFailed;
  if (error instanceof ApiError) {
    return new ApiError(error.status, error.statusText, { ...error.body, message }, error.retryAfterSeconds);
  }
  return new Error(message, { cause: error });
}
