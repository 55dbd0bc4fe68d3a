// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server with HMR in front.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    // Not behind a balancer: a reload (tsx watch's SIGTERM) waits for no drain.
    env: { SHUTDOWN_DELAY_MS: '0', ...process.env, PORT: '3000' },
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
