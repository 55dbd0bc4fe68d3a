import http from 'node:http';
import { readinessAnswers } from './readiness.routes.js';

/**
 * The port, held while the server starts (migrations, Redis): every request is answered 503 "The server is
 * starting" in our {message, code} shape (GET /api/ready and /api/health included), so that a balancer
 * or a monitor sees an instance that is there but not ready, rather than a refused connection
 * (docs/decisions/0158). `close` hands the port back, every connection closed, for the app to listen on.
 */
export async function listenWhileStarting(
  port: number,
  host: string,
  apiHeaders: Readonly<Record<string, string>>,
) {
  const { statusCode, json } = readinessAnswers.starting;
  const server = http.createServer((_request, response) => {
    response.writeHead(statusCode, {
      ...apiHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
      connection: 'close',
    });
    response.end(json);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
