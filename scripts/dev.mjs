// `npm run dev`: the API with reload on change (port 3000), the console with hot reload
// (http://localhost:5173) and the driver app with hot reload (http://localhost:5174/driver/); both
// proxy /api to the API.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', LOG_PRETTY: 'true', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env: process.env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/driver'], { stdio: 'inherit', env: process.env }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
