export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
