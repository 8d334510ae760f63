// `npm start`: builds what is missing or stale, then runs the production server.
import { spawn } from 'node:child_process';
import { buildStale, root, serverEntry, serverNodeFlags } from './lib/production.mjs';

buildStale();

// The server does the graceful stop: pass our signals on and leave with its exit code.
const server = spawn(process.execPath, [...serverNodeFlags(), serverEntry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
