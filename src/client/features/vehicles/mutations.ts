import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { THEME_PRESETS, type ThemePreset } from '../../../shared/vehicles/themes.js';
import type { ThemeRequest, VehicleFormValues } from '../../../shared/vehicles/vehicles.contract.js';
import {
  type AcceptMessagesFrom,
  themeResponseSchema,
  type Vehicle,
  vehicleSchema,
} from '../../../shared/vehicles/vehicles.responses.js';
import { apiRequest } from '../../lib/api.js';
import { serverMessage } from '../../lib/api-error.js';
import { handleApiError } from '../../lib/handle-error.js';
import { queryClient } from '../../lib/query-client.js';
import { toast } from '../../lib/toast.js';
import { pushMomentCame } from '../push/push-moment.js';
import { isPlateConflict, reactivationFailureText, showVehicleFailure } from './failures.js';
import { vehicleKeys, vehicleQueries } from './queries.js';
import { vehicleScreenTexts as texts } from './texts.js';
import { vehicleName } from './vehicle-display.js';

/** What the log line says the owner was doing (handle-error.ts, failures.ts): never shown, so not a text. */
const doing = {
  registration: 'vehicle registration',
  update: 'vehicle update',
  removal: 'vehicle removal',
  reactivation: 'vehicle reactivation',
  codeReplacement: 'sticker code replacement',
  theme: 'vehicle theme',
} as const;

const refreshVehicles = () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all });

/**
 * Add Vehicle: success refreshes the list and goes to / (spec §4 Registration flow), in place of the form,
 * so Back does not return to what was just submitted.
 */
export function useRegisterVehicle() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (form: VehicleFormValues) =>
      apiRequest('POST', '/api/vehicles', form, { response: vehicleSchema }),
    onSuccess: async () => {
      toast({ title: texts.registeredTitle, description: texts.registeredDescription });
      await refreshVehicles();
      navigate('/', { replace: true });
      // A moment to offer notifications (ADDENDUM §11): the prompt comes over Home, not over the form.
      pushMomentCame();
    },
    // Spec §8: the shared handler, which also signs the user in again after an authentication error.
    onError: (error) => handleApiError(error, { context: doing.registration }),
  });
}

/** Edit Vehicle: every field of the form, the vehicle type too (decision 0140), and who may message it. */
export function useUpdateVehicle(id: string) {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (form: VehicleFormValues & { acceptMessagesFrom?: AcceptMessagesFrom }) =>
      apiRequest('PATCH', `/api/vehicles/${encodeURIComponent(id)}`, form, { response: vehicleSchema }),
    onSuccess: async () => {
      toast({ title: texts.updatedTitle, description: texts.updatedDescription });
      await refreshVehicles();
      navigate('/vehicle-management');
    },
    onError: (error) => {
      if (isPlateConflict(error)) handleApiError(error, { context: doing.update });
      else showVehicleFailure(error, doing.update, texts.errorTitle, texts.updateFailed);
    },
  });
}

export function useRemoveVehicle() {
  return useMutation({
    mutationFn: (vehicle: Vehicle) =>
      apiRequest('DELETE', `/api/vehicles/${encodeURIComponent(vehicle.id)}`, undefined, {
        response: vehicleSchema,
      }),
    onSuccess: (_removed, vehicle) => {
      toast({
        title: texts.removedTitle,
        description: texts.removedDescription({ vehicle: vehicleName(vehicle) }),
      });
      return refreshVehicles();
    },
    onError: (error) => showVehicleFailure(error, doing.removal, texts.errorTitle, texts.removeFailed),
  });
}

export function useReactivateVehicle() {
  return useMutation({
    mutationFn: (vehicle: Vehicle) =>
      apiRequest('PATCH', `/api/vehicles/${encodeURIComponent(vehicle.id)}/reactivate`, undefined, {
        response: vehicleSchema,
      }),
    onSuccess: (_reactivated, vehicle) => {
      toast({
        title: texts.reactivatedTitle,
        description: texts.reactivatedDescription({ vehicle: vehicleName(vehicle) }),
      });
      return refreshVehicles();
    },
    onError: (error) =>
      showVehicleFailure(
        error,
        doing.reactivation,
        texts.reactivationFailedTitle,
        reactivationFailureText(error),
      ),
  });
}

/**
 * Replace sticker code (decision 0155): the owner's vehicle and every cached lookup refresh (their keys start
 * with '/api/vehicles'), so no screen of this app keeps showing, or finding by, the old codes.
 */
export function useReplaceStickerCode(vehicleId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest('POST', `/api/vehicles/${encodeURIComponent(vehicleId)}/rotate-code`, undefined, {
        response: vehicleSchema,
      }),
    onSuccess: (vehicle) => {
      queryClient.setQueryData(vehicleKeys.one(vehicleId), vehicle);
      toast({ title: texts.replacedTitle, description: texts.replacedDescription });
      return refreshVehicles();
    },
    onError: (error) =>
      showVehicleFailure(error, doing.codeReplacement, texts.errorTitle, texts.replaceFailed),
  });
}

const themeSavedText = (preset: ThemePreset) =>
  texts.themeSavedDescription({ theme: THEME_PRESETS[preset].name });

function useThemeMutation(vehicleId: string, method: 'PUT' | 'DELETE') {
  const path = `/api/vehicles/${encodeURIComponent(vehicleId)}/theme`;
  return useMutation({
    mutationFn: (themePreset: ThemePreset) => {
      const body: ThemeRequest | undefined = method === 'PUT' ? { themePreset } : undefined;
      return apiRequest(method, path, body, { response: themeResponseSchema });
    },
    onSuccess: (theme) => {
      queryClient.setQueryData(vehicleQueries.theme(vehicleId).queryKey, theme);
      toast(
        method === 'PUT'
          ? { title: texts.themeSavedTitle, description: themeSavedText(theme.themePreset) }
          : { title: texts.themeResetTitle, description: texts.themeResetDescription },
      );
      return refreshVehicles();
    },
    // Spec §8: a theme save error shows the server's message.
    onError: (error) =>
      showVehicleFailure(error, doing.theme, texts.errorTitle, serverMessage(error) ?? texts.themeFailed),
  });
}

export const useSaveTheme = (vehicleId: string) => useThemeMutation(vehicleId, 'PUT');
export const useResetTheme = (vehicleId: string) => useThemeMutation(vehicleId, 'DELETE');
