import net from 'node:net';

/**
 * A loopback port nothing listens on right now: for a server a test or benchmark starts itself, or for an
 * address that must refuse connections. Plain node: the API tests, the journeys and the benchmarks use it.
 * Drawn at random below 32768, where the kernel takes no port for an outgoing connection (Linux's ephemeral range is
 * 32768-60999): a port from listen(0) comes from that range, and on a busy machine a connection to PostgreSQL
 * or Redis could take it as its own end before the test listened on it (EADDRINUSE, seen in CI).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await isFree(port)) return port;
  }
  throw new Error('No free port found below 32768');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
