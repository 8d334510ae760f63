import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { findFreePort } from './server-process.js';

/** The tested configuration: the file docs/DEPLOY.md tells operators to install. */
export const DEPLOY_NGINX_CONF = fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url));
/** Debian's nginx (scripts/install-nginx.sh); NGINX_PATH names another. */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Between two looks while nginx starts: a polling interval, not a wait for a guessed duration. */
const POLL_INTERVAL_MS = 50;
/** A fast shutdown that has not finished by then is cut short with SIGKILL. */
const STOP_TIMEOUT_MS = 5_000;

/** The `listen` line and the upstream's `server host:port` lines of deploy/nginx.conf. */
const LISTEN_LINE = /^(\s*)listen\s+\d+\s*;/m;
const UPSTREAM_BLOCK = /upstream\s+stride\s*\{[^}]*\}/;
const UPSTREAM_SERVER = /^(\s*server\s+)\S+?:\d+(\s|;)/gm;

export type NginxProcess = {
  /** `http://127.0.0.1:PORT` */
  url: string;
  pid: number;
  /** Settles when nginx has exited, with what it printed and its error log. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
  /** One line per request: `msec method uri status upstream_addr upstream_status`. */
  readAccessLog: () => Promise<string>;
  /** What nginx said about its upstreams (level warn and above): why a request failed. */
  readErrorLog: () => Promise<string>;
  /** Fast shutdown (SIGTERM), then waits for the master and its workers; removes the temp folder. */
  stop: () => Promise<void>;
};

const running = new Set<NginxProcess>();

/**
 * deploy/nginx.conf with only the upstream servers (`host:port`, one per line of the file, keeping their
 * parameters) and the listen port changed; throws when the file no longer has the lines to change.
 */
export function substituteNginxConf(
  conf: string,
  { upstreams, port }: { upstreams: string[]; port: number },
) {
  if (!LISTEN_LINE.test(conf)) throw new Error('deploy/nginx.conf has no `listen PORT;` line');
  const upstream = UPSTREAM_BLOCK.exec(conf)?.[0];
  if (!upstream) throw new Error('deploy/nginx.conf has no `upstream stride { … }` block');
  const servers = upstream.match(UPSTREAM_SERVER) ?? [];
  if (servers.length !== upstreams.length) {
    throw new Error(
      `deploy/nginx.conf lists ${servers.length} upstream servers; the test runs ${upstreams.length}`,
    );
  }
  let next = 0;
  const substituted = upstream.replace(
    UPSTREAM_SERVER,
    (_line, start: string, end: string) => `${start}${upstreams[next++]}${end}`,
  );
  return conf
    .replace(upstream, substituted)
    .replace(LISTEN_LINE, (_line, indent: string) => `${indent}listen 127.0.0.1:${port};`);
}

/** The wrapper around the included file: everything nginx writes stays in `folder`. */
function wrapperConf(folder: string, include: string): string {
  const at = (name: string) => path.join(folder, name);
  return [
    // The master runs as us; as root its workers would run as nobody, who cannot enter a private temp folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'daemon off;',
    'worker_processes 1;',
    `pid ${at('nginx.pid')};`,
    `error_log ${at('error.log')} warn;`,
    'events { worker_connections 2048; }',
    'http {',
    "  log_format upstreams '$msec $request_method $uri $status $upstream_addr $upstream_status';",
    `  access_log ${at('access.log')} upstreams;`,
    `  client_body_temp_path ${at('client-body')};`,
    `  proxy_temp_path ${at('proxy')};`,
    `  fastcgi_temp_path ${at('fastcgi')};`,
    `  uwsgi_temp_path ${at('uwsgi')};`,
    `  scgi_temp_path ${at('scgi')};`,
    `  include ${include};`,
    '}',
    '',
  ].join('\n');
}

/**
 * Runs nginx in the foreground on a free loopback port with deploy/nginx.conf (a copy in which only the upstream
 * servers and the listen port are changed) in front of `upstreams` (`127.0.0.1:PORT`, as many as the file
 * lists). Resolves once nginx answers; rejects with its output if it exits first.
 */
export async function startNginx({ upstreams }: { upstreams: string[] }): Promise<NginxProcess> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} not found: install nginx with scripts/install-nginx.sh (or set NGINX_PATH)`);
  }
  const port = await findFreePort();
  const folder = await mkdtemp(path.join(tmpdir(), 'stride-nginx-'));
  const include = path.join(folder, 'stride.conf');
  await writeFile(
    include,
    substituteNginxConf(await readFile(DEPLOY_NGINX_CONF, 'utf8'), { upstreams, port }),
  );
  await writeFile(path.join(folder, 'nginx.conf'), wrapperConf(folder, include));

  const child: ChildProcess = spawn(
    NGINX,
    ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-e', path.join(folder, 'error.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => {
        void readFile(path.join(folder, 'error.log'), 'utf8')
          .catch(() => '')
          .then((errorLog) => resolve({ code, signal, output: `${output}${errorLog}` }));
      });
    },
  );

  const nginx: NginxProcess = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    exited,
    readAccessLog: () => readFile(path.join(folder, 'access.log'), 'utf8').catch(() => ''),
    readErrorLog: () => readFile(path.join(folder, 'error.log'), 'utf8').catch(() => ''),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const stopped = await Promise.race([exited, delay(STOP_TIMEOUT_MS)]);
        if (!stopped) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      await exited;
      running.delete(nginx);
      await rm(folder, { recursive: true, force: true });
    },
  };
  running.add(nginx);

  // Up once it answers anything on its port (a 502 too: the servers behind it may not be listening yet).
  for (;;) {
    try {
      await fetch(`${nginx.url}/api/version`, { signal: AbortSignal.timeout(2_000) });
      return nginx;
    } catch {
      // not listening yet
    }
    const exit = await Promise.race([exited, delay(POLL_INTERVAL_MS)]);
    if (exit) {
      await nginx.stop();
      throw new Error(
        `nginx exited (code ${exit.code}, signal ${exit.signal}) before it answered:\n${exit.output}`,
      );
    }
  }
}

/** For afterAll/afterEach: stops every nginx this file started that is still running. */
export async function stopNginxProcesses(): Promise<void> {
  await Promise.all([...running].map((nginx) => nginx.stop()));
}
