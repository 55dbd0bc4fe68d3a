/** Builds the app (`'all'`) or the server alone when its output is missing or older than its sources. */
export function buildIfNeeded(which?: 'all' | 'server'): void;
