import { useMutation, useQuery } from '@tanstack/react-query';
import type { PublicVehicle } from '../../../shared/vehicles/index.js';
import { apiRequest } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import { shouldRetryQuery } from '../../lib/retry.js';
import { finderTexts } from './texts.js';

/** The three public lookups of spec §7; each path segment is URL-encoded. */
export const lookupPaths = {
  byQrCode: (code: string) => `/api/vehicles/qr/${encodeURIComponent(code)}`,
  byPlate: (plate: string) => `/api/vehicles/lookup/${encodeURIComponent(plate.trim())}`,
  byId: (id: string) => `/api/vehicles/public/${encodeURIComponent(id)}`,
};

const VEHICLE_STALE_MS = 5 * 60_000;

const getVehicle = (path: string, signal?: AbortSignal) =>
  apiRequest<PublicVehicle>('GET', path, undefined, { signal });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A vehicle that is not there will not appear on a retry. */
const retryUnlessNotFound = (failureCount: number, error: unknown) =>
  !isNotFound(error) && shouldRetryQuery(failureCount, error);

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
    queryKey: [lookupPaths.byQrCode(code ?? '')],
    queryFn: ({ signal }) => getVehicle(lookupPaths.byQrCode(code ?? ''), signal),
    enabled: code !== undefined,
    retry: retryUnlessNotFound,
    staleTime: VEHICLE_STALE_MS,
  });
}

/** The public vehicle by id, unless the screen already has it. */
export function usePublicVehicle(id: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [lookupPaths.byId(id)],
    queryFn: ({ signal }) => getVehicle(lookupPaths.byId(id), signal),
    enabled: isEnabled,
    retry: retryUnlessNotFound,
    staleTime: VEHICLE_STALE_MS,
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
