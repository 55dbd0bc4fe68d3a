import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { publicVehicleSchema } from '../../../shared/vehicles/vehicles.responses.js';
import { apiRequest } from '../../lib/api.js';
import { isNotFound } from '../../lib/api-error.js';
import { VEHICLE_STALE_TIME_MS } from '../../lib/query-client.js';

/**
 * The public vehicle reads (spec §7), apart from the finder's screens (lookups.ts): a cold start on a QR
 * link asks for its vehicle from the entry script (app/pages.ts), before any page chunk has arrived.
 */

/** The three public lookups of spec §7; each path segment is URL-encoded. */
export const lookupPaths = {
  byQrCode: (code: string) => `/api/vehicles/qr/${encodeURIComponent(code)}`,
  byPlate: (plate: string) => `/api/vehicles/lookup/${encodeURIComponent(plate.trim())}`,
  byId: (id: string) => `/api/vehicles/public/${encodeURIComponent(id)}`,
  byShortCode: (code: string) => `/api/vehicles/code/${encodeURIComponent(code)}`,
};

/**
 * The lookups' query keys start with '/api/vehicles' like every vehicle key (features/vehicles/queries.ts),
 * so a change that invalidates ['/api/vehicles'] refreshes a found vehicle too. Joined, a key is its path
 * for any code or id the server issues; the query functions still encode what a URL brought.
 */
export const lookupKeys = {
  byQrCode: (code: string) => ['/api/vehicles', 'qr', code] as const,
  byId: (id: string) => ['/api/vehicles', 'public', id] as const,
  byShortCode: (code: string) => ['/api/vehicles', 'code', code] as const,
};

/** The lookups build their own paths (each segment encoded), so they call the API themselves, not readQuery. */
export const getVehicle = (path: string, signal?: AbortSignal) =>
  apiRequest('GET', path, undefined, { response: publicVehicleSchema, signal });

/**
 * The read behind a QR code opened as a link (/vehicle/qr/{code}): the vehicle, or null when no active
 * vehicle has the code. A 404 is an answer, kept as fresh as a vehicle, not a failure: a failed query is
 * asked again by every page that mounts it, so the page after the prefetch below asked a second time
 * (docs/decisions/0140-edit-vehicle-type-and-one-lookup.md).
 */
export const vehicleByQrCodeQuery = (code: string) =>
  queryOptions({
    queryKey: lookupKeys.byQrCode(code),
    queryFn: ({ signal }) =>
      getVehicle(lookupPaths.byQrCode(code), signal).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
    staleTime: VEHICLE_STALE_TIME_MS,
  });

/**
 * Asks for a QR link's vehicle before the page renders (app/pages.ts, a cold start on the link): the
 * answer arrives while the shell and the session load, instead of after them, and the page's own query
 * takes it (an answer, the vehicle or none) or joins it while it is asked (retried after a failure).
 */
export function prefetchVehicleByQrCode(client: QueryClient, code: string): void {
  void client.prefetchQuery(vehicleByQrCodeQuery(code));
}
