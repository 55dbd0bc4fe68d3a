import { useQuery } from '@tanstack/react-query';
import type { ThemeResponse, Vehicle } from '../../../shared/vehicles/index.js';
import { VEHICLE_STALE_TIME_MS } from '../../lib/query-client.js';
import { retryUnlessNotFound } from '../../lib/retry.js';

/**
 * Query keys double as paths (the default query function GETs the joined key). Every key starts with
 * '/api/vehicles', so invalidating vehicleKeys.all after a change refreshes the lists, one vehicle and its
 * theme, and the finder's public lookups (features/finder/lookups.ts).
 */
export const vehicleKeys = {
  all: ['/api/vehicles'] as const,
  inactive: ['/api/vehicles', 'inactive'] as const,
  one: (id: string) => ['/api/vehicles', id] as const,
  theme: (id: string) => ['/api/vehicles', id, 'theme'] as const,
};

/** The owner's active vehicles, oldest first (null when signed out: reads answer empty on 401). */
export function useVehicles() {
  return useQuery<Vehicle[] | null>({ queryKey: vehicleKeys.all, staleTime: VEHICLE_STALE_TIME_MS });
}

/** The owner's removed vehicles, most recently removed first. */
export function useInactiveVehicles() {
  return useQuery<Vehicle[] | null>({ queryKey: vehicleKeys.inactive, staleTime: VEHICLE_STALE_TIME_MS });
}

/** One of the owner's vehicles, active or not. */
export function useVehicle(id: string) {
  return useQuery<Vehicle | null>({
    queryKey: vehicleKeys.one(id),
    staleTime: VEHICLE_STALE_TIME_MS,
    retry: retryUnlessNotFound,
  });
}

export function useVehicleTheme(id: string) {
  return useQuery<ThemeResponse | null>({
    queryKey: vehicleKeys.theme(id),
    staleTime: VEHICLE_STALE_TIME_MS,
    retry: retryUnlessNotFound,
  });
}
