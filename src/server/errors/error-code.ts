/**
 * An error's code (an SQLSTATE, an errno name such as ECONNREFUSED, a driver's SQLITE_BUSY), if it has one
 * as a string: it names the kind of failure without its data, so logs of work nobody waits for may show it.
 */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
