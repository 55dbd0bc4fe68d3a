import net from 'node:net';

/**
 * A loopback port nothing listens on right now: for a server a test or benchmark starts itself, or for
 * an address that must refuse connections. Plain node: the API tests, the journeys and the benchmarks use it.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
