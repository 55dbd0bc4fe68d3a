import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  themeResponseSchema,
  vehicleListSchema,
  vehicleSchema,
} from '../../../shared/vehicles/vehicles.responses.js';
import { readQuery } from '../../lib/api.js';
import { VEHICLE_STALE_TIME_MS } from '../../lib/query-client.js';
import { retryUnlessNotFound } from '../../lib/retry.js';

/**
 * Query keys double as paths (readQuery GETs the joined key). Every key starts with '/api/vehicles', so
 * invalidating vehicleKeys.all after a change refreshes the lists, one vehicle and its theme, and the
 * finder's public lookups (features/finder/lookups.ts).
 */
export const vehicleKeys = {
  all: ['/api/vehicles'] as const,
  inactive: ['/api/vehicles', 'inactive'] as const,
  one: (id: string) => ['/api/vehicles', id] as const,
  theme: (id: string) => ['/api/vehicles', id, 'theme'] as const,
};

/** Each read with its contract; answers are null when signed out (reads answer empty on 401). */
export const vehicleQueries = {
  /** The owner's active vehicles, oldest first. */
  active: () =>
    queryOptions({
      queryKey: vehicleKeys.all,
      queryFn: readQuery(vehicleListSchema),
      staleTime: VEHICLE_STALE_TIME_MS,
    }),
  /** The owner's removed vehicles, most recently removed first. */
  inactive: () =>
    queryOptions({
      queryKey: vehicleKeys.inactive,
      queryFn: readQuery(vehicleListSchema),
      staleTime: VEHICLE_STALE_TIME_MS,
    }),
  /** One of the owner's vehicles, active or not. */
  one: (id: string) =>
    queryOptions({
      queryKey: vehicleKeys.one(id),
      queryFn: readQuery(vehicleSchema),
      staleTime: VEHICLE_STALE_TIME_MS,
      retry: retryUnlessNotFound,
    }),
  theme: (id: string) =>
    queryOptions({
      queryKey: vehicleKeys.theme(id),
      queryFn: readQuery(themeResponseSchema),
      staleTime: VEHICLE_STALE_TIME_MS,
      retry: retryUnlessNotFound,
    }),
};

export const useVehicles = () => useQuery(vehicleQueries.active());
export const useInactiveVehicles = () => useQuery(vehicleQueries.inactive());
export const useVehicle = (id: string) => useQuery(vehicleQueries.one(id));
export const useVehicleTheme = (id: string) => useQuery(vehicleQueries.theme(id));
