import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { errorFallbackKind } from './error-fallback.js';

class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

describe('errorFallbackKind', () => {
  it.each([
    // chunk and dynamic-import loading, as each browser words it
    [
      new TypeError('Failed to fetch dynamically imported module: https://x.test/assets/home-1a2b.js'),
      'appUpdate',
    ],
    [new TypeError('error loading dynamically imported module: https://x.test/assets/a.js'), 'appUpdate'],
    [new TypeError('Importing a module script failed.'), 'appUpdate'],
    [new Error('Unable to preload CSS for /assets/home-1a2b.css'), 'appUpdate'],
    [new Error('Loading chunk 42 failed.'), 'appUpdate'],
    [new Error('Loading CSS chunk 7 failed.'), 'appUpdate'],
    [new ChunkLoadError('Failed'), 'appUpdate'],
    // fetch and network failures
    [new TypeError('Failed to fetch'), 'connection'],
    [new TypeError('NetworkError when attempting to fetch resource.'), 'connection'],
    [new TypeError('Load failed'), 'connection'],
    [new Error('Connection reset'), 'connection'],
    // anything else
    [new TypeError("Cannot read properties of undefined (reading 'map')"), 'unexpected'],
    [new ApiError(500, 'Internal Server Error', null), 'unexpected'],
    [new Error('Load failed'), 'unexpected'],
    ['a thrown string', 'unexpected'],
    [undefined, 'unexpected'],
  ] as const)('%o gives %s', (error, expected) => {
    expect(errorFallbackKind(error, true)).toBe(expected);
  });

  it('speaks of the connection for any failure while offline, but of an update for a chunk', () => {
    expect(errorFallbackKind(new Error('boom'), false)).toBe('connection');
    expect(errorFallbackKind(new Error('Loading chunk 3 failed.'), false)).toBe('appUpdate');
  });
});
