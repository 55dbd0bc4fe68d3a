// One client process of bench/sockets.bench.ts (forked with an IPC channel): opens the sockets it is
// given, each from its own loopback source address, keeps them open and idle, and reports the time each
// new_message frame reached it. A process may hold at most 20,000 open files here, so the bench spreads its
// sockets over several of these. It exits when its parent goes, however the parent ends.
import WebSocket from 'ws';

export interface OpenCommand {
  type: 'open';
  /** Sockets to open: where, as whom (a session cookie), from which loopback address. */
  sockets: Array<{ url: string; origin: string; cookie: string; localAddress: string }>;
  /** Handshakes in flight at once. */
  window: number;
}

export type ClientReport =
  | { type: 'opened'; authenticated: number; failures: Record<string, number>; lastAt: number }
  | { type: 'frames'; frames: Array<[string, number]> }
  /** Each server's heartbeats as seen here: [url, first ping, last ping] of each burst of pings. */
  | { type: 'closed'; dropped: number; pings: Array<[string, number, number]> };

/** Now, on a clock the bench's other processes share (ms since the epoch, sub-millisecond). */
const now = () => performance.timeOrigin + performance.now();

const open: WebSocket[] = [];
/** new_message frames not yet reported: [message id, arrival time]. */
let frames: Array<[string, number]> = [];
/** By server URL, the bursts of pings its heartbeat sent: [first, last] arrival (5 s apart or more). */
const pings = new Map<string, Array<[number, number]>>();

function pinged(url: string) {
  const at = now();
  let bursts = pings.get(url);
  if (!bursts) {
    bursts = [];
    pings.set(url, bursts);
  }
  const last = bursts.at(-1);
  if (last && at - last[1] < 5_000) last[1] = at;
  else bursts.push([at, at]);
}

function report(message: ClientReport) {
  process.send?.(message);
}

function openOne(spec: OpenCommand['sockets'][number]): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(spec.url, {
      headers: { cookie: spec.cookie, origin: spec.origin },
      perMessageDeflate: false,
      localAddress: spec.localAddress,
      handshakeTimeout: 60_000,
    });
    let settled = false;
    const settle = (failure: string | null) => {
      if (settled) return;
      settled = true;
      resolve(failure);
    };
    socket.on('ping', () => pinged(spec.url));
    socket.on('error', (error: NodeJS.ErrnoException) => settle(`error ${error.code ?? error.message}`));
    socket.on('close', (code) => settle(`closed ${code} before authenticated`));
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as { type: string; message?: { id: string } };
      if (event.type === 'authenticated') {
        open.push(socket);
        settle(null);
      } else if (event.type === 'new_message' && event.message) {
        frames.push([event.message.id, now()]);
      }
    });
  });
}

async function openAll(command: OpenCommand) {
  const failures: Record<string, number> = {};
  let authenticated = 0;
  let lastAt = now();
  let next = 0;
  const lane = async () => {
    while (next < command.sockets.length) {
      const spec = command.sockets[next] as OpenCommand['sockets'][number];
      next += 1;
      const failure = await openOne(spec);
      if (failure === null) {
        authenticated += 1;
        lastAt = now();
      } else {
        failures[failure] = (failures[failure] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, command.window) }, lane));
  report({ type: 'opened', authenticated, failures, lastAt });
}

async function closeAll() {
  const dropped = open.filter((socket) => socket.readyState !== WebSocket.OPEN).length;
  await Promise.all(
    open.splice(0).map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
          // A server already gone answers no close frame.
          setTimeout(() => {
            socket.terminate();
            resolve();
          }, 2_000).unref();
        }),
    ),
  );
  report({
    type: 'closed',
    dropped,
    pings: [...pings].flatMap(([url, bursts]) =>
      bursts.map(([first, last]) => [url, first, last] as [string, number, number]),
    ),
  });
  pings.clear();
}

// Frames go to the bench in batches, every 20 ms: their times were taken on arrival, so the batching
// delays the report, not the figure.
setInterval(() => {
  if (frames.length === 0) return;
  report({ type: 'frames', frames });
  frames = [];
}, 20);

process.on('message', (command: OpenCommand | { type: 'close' }) => {
  if (command.type === 'open') void openAll(command);
  else if (command.type === 'close') void closeAll();
});
// The bench ended (or died): so does this process, with its sockets.
process.on('disconnect', () => process.exit(0));
