import type { Writable } from 'node:stream';

export type LogFormat = 'json' | 'pretty';

/** What the request serializer keeps of a request: never its query string, which may carry a token. */
function serializeRequest(request: { method: string; url: string; id: string }) {
  return { id: request.id, method: request.method, path: request.url.split('?')[0] };
}

/**
 * The server's log (docs/decisions/0135-a-newcomers-terminal.md). `json`: pino's lines, one per record, for a
 * log collector; what the server writes when its output is not a terminal. `pretty`: for a person at a
 * terminal, one short line per record and none per ordinary request, so that a mail's link and the start
 * line stay in sight; a request that failed on the server (5xx) still gets its line, and LOG_LEVEL=debug
 * shows every request as one line.
 */
export function loggerOptions(
  level: string,
  format: LogFormat,
  out: Pick<Writable, 'write'> = process.stdout,
) {
  return {
    level,
    serializers: { req: serializeRequest },
    // JSON to the process's own output goes through pino's default destination (sonic-boom, the fast one).
    ...(format === 'pretty'
      ? { stream: prettyStream(level, out) }
      : out === process.stdout
        ? {}
        : { stream: out }),
  };
}

const levelNames: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

type LogRecord = {
  level: number;
  time: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; path?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
};

const clockTime = (time: number) => new Date(time).toTimeString().slice(0, 8);

/**
 * Turns pino's JSON lines into lines a person reads. A request is printed once, when it completes, with
 * its method and path remembered from its start (at most 1,000 requests in flight are remembered).
 */
export function prettyStream(level: string, out: Pick<Writable, 'write'>) {
  const showsEveryRequest = level === 'debug' || level === 'trace';
  const started = new Map<string, string>();
  return {
    write(line: string) {
      let record: LogRecord;
      try {
        record = JSON.parse(line);
      } catch {
        out.write(line);
        return;
      }
      const time = clockTime(record.time);
      if (record.msg === 'incoming request' && record.reqId) {
        if (started.size >= 1_000) started.clear();
        started.set(record.reqId, `${record.req?.method ?? ''} ${record.req?.path ?? ''}`);
        return;
      }
      if (record.msg === 'request completed' && record.reqId) {
        const request = started.get(record.reqId) ?? record.reqId;
        started.delete(record.reqId);
        const status = record.res?.statusCode ?? 0;
        if (!showsEveryRequest && status < 500) return;
        const took = record.responseTime === undefined ? '' : ` (${record.responseTime.toFixed(1)} ms)`;
        out.write(`${time} ${request} → ${status}${took}\n`);
        return;
      }
      const name = levelNames[record.level] ?? String(record.level);
      const error = record.err ? `: ${record.err.type ?? 'Error'}: ${record.err.message ?? ''}` : '';
      const stack = record.err?.stack && record.level >= 50 ? `\n${record.err.stack}` : '';
      out.write(`${time} ${name} ${record.msg ?? ''}${error}${stack}\n`);
    },
  };
}
