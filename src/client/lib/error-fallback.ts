import { classifyError, ErrorClass, isAppOnline, messageOf } from './errors.js';

/** Which error fallback page a render failure gets (spec §8 "Error fallback page"). */
export const ErrorFallbackKind = {
  appUpdate: 'appUpdate',
  connection: 'connection',
  unexpected: 'unexpected',
} as const;
export type ErrorFallbackKind = (typeof ErrorFallbackKind)[keyof typeof ErrorFallbackKind];

/**
 * A part of the app (a chunk, a module or its CSS) that no longer loads: after a deployment the old
 * file names are gone. Chrome, Firefox, Safari, Vite's preload and webpack-style wording.
 */
const chunkLoadFailure =
  /dynamically imported module|importing a module script failed|loading (css )?chunk .*failed|chunkloaderror|unable to preload css/i;

const nameOf = (error: unknown) => (error instanceof Error ? error.name : '');

export function errorFallbackKind(error: unknown, isOnline: boolean = isAppOnline()): ErrorFallbackKind {
  if (chunkLoadFailure.test(`${nameOf(error)}: ${messageOf(error)}`)) return ErrorFallbackKind.appUpdate;
  const errorClass = classifyError(error, isOnline);
  // Safari words a failed fetch "Load failed", which the spec's keywords (network, fetch, connection) miss.
  const isFailedFetch = error instanceof TypeError && messageOf(error) === 'Load failed';
  if (errorClass === ErrorClass.network || errorClass === ErrorClass.offline || isFailedFetch) {
    return ErrorFallbackKind.connection;
  }
  return ErrorFallbackKind.unexpected;
}
