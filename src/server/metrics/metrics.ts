import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsPort } from '../ports.js';

/**
 * The instance's metrics (issue 35, docs/decisions/0157-metrics-and-request-ids.md): one prom-client
 * registry per app (tests build many apps in one process), never prom-client's global one. Features record
 * what they own through `port` (src/server/ports.ts MetricsPort) and never import prom-client.
 */
export function createMetrics(poolUse?: () => { total: number; idle: number; waiting: number }) {
  const registry = new Registry();
  if (poolUse) {
    new Gauge({
      name: 'db_pool_connections',
      help: "The PostgreSQL pool's connections: total open, idle, and requests waiting for one.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }
  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const messagesSent = new Counter({
    name: 'messages_sent_total',
    help: 'Messages stored (a new conversation or a reply).',
    registers: [registry],
  });
  const deliveryLatency = new Histogram({
    name: 'message_delivery_seconds',
    help: "Time from a message's writing to the frame announcing it on its recipient's socket.",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const publishFailures = new Counter({
    name: 'event_publish_failures_total',
    help: 'Announcements the event bus failed to publish, by event.',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  const openSockets = new Gauge({
    name: 'open_sockets',
    help: 'Live WebSocket connections on this instance.',
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'pushes_total',
    help: 'Push requests to push services, by outcome (sent, gone, failed, retried).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Runs of periodic jobs, by job.',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Failed runs of periodic jobs, by job.',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  let readPushQueue: (() => Promise<{ jobs: number; oldestSeconds: number }>) | undefined;
  // Both gauges of one scrape share one read of the queue.
  // A read that fails (the database down) leaves the gauges as they were: the scrape still answers.
  let pushQueueRead: Promise<{ jobs: number; oldestSeconds: number } | undefined> | undefined;
  const pushQueueNow = () => {
    pushQueueRead ??= (readPushQueue?.() ?? Promise.resolve({ jobs: 0, oldestSeconds: 0 }))
      .catch(() => undefined)
      .finally(() => {
        pushQueueRead = undefined;
      });
    return pushQueueRead;
  };
  new Gauge({
    name: 'push_queue_jobs',
    help: 'Pushes waiting in the queue (every instance drains it).',
    registers: [registry],
    async collect() {
      const read = await pushQueueNow();
      if (read) this.set(read.jobs);
    },
  });
  new Gauge({
    name: 'push_queue_oldest_seconds',
    help: 'Age of the oldest push waiting in the queue (0: none).',
    registers: [registry],
    async collect() {
      const read = await pushQueueNow();
      if (read) this.set(read.oldestSeconds);
    },
  });
  const port: MetricsPort = {
    pushQueue: (read) => {
      readPushQueue = read;
    },
    messageSent: () => messagesSent.inc(),
    socketOpened: () => openSockets.inc(),
    socketClosed: () => openSockets.dec(),
    messageDelivered: (seconds) => deliveryLatency.observe(Math.max(0, seconds)),
    push: (outcome) => pushes.inc({ outcome }),
    publishFailed: (event) => publishFailures.inc({ event }),
    jobRan: (job, failed) => {
      jobRuns.inc({ job });
      if (failed) jobFailures.inc({ job });
    },
  };
  return {
    registry,
    port,
    /** One answered request; `route` is its pattern (never the raw URL, which can carry a token). */
    request(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    /** Adds the process's own metrics (memory, CPU, event loop, handles) to this registry. */
    collectProcessMetrics() {
      collectDefaultMetrics({ register: registry });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * `GET /metrics` on a listener of its own (METRICS_PORT), so it is never on the public origin; anything
 * else there is a 404.
 */
export async function startMetricsServer(registry: Registry, options: { port: number; host: string }) {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: () => server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
