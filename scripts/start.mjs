// `npm start`: builds what is missing or stale, then runs the production server.
// `npm run start:cluster -- --workers N` (start.mjs --cluster …): the same, as N processes sharing the port.
import { spawn } from 'node:child_process';
import { buildStale, clusterEntry, root, serverEntry, serverNodeFlags } from './lib/production.mjs';

buildStale();

const [first, ...rest] = process.argv.slice(2);
const entryAndArgs = first === '--cluster' ? [clusterEntry, ...rest] : [serverEntry];

// The server does the graceful stop: pass our signals on and leave with its exit code.
const server = spawn(process.execPath, [...serverNodeFlags(), ...entryAndArgs], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
