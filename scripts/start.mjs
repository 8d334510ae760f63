// `npm start`: builds what is missing or stale, then runs the production server.
// `npm run start:cluster -- --workers N` (start.mjs --cluster …): the same, as N processes sharing the port.
import { buildStale, clusterEntry, runServer, serverEntry, serverNodeFlags } from './lib/production.mjs';

buildStale();

const [first, ...rest] = process.argv.slice(2);
const entryAndArgs = first === '--cluster' ? [clusterEntry, ...rest] : [serverEntry];

runServer([...serverNodeFlags(), ...entryAndArgs]);
