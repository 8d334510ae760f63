import type { Config } from '../config.js';

/** Hosts that mean this machine as a whole (its loopback pair, or every interface): the site opens as localhost. */
const THIS_MACHINE = new Set(['localhost', '0.0.0.0', '::']);

/**
 * Where to open the site: PUBLIC_URL when it is set, else the address listened on (config.ts's default public URL
 * is `http://localhost:PORT`, which PORT=0 or a HOST of one address would not be).
 */
export function siteAddress(
  config: Pick<Config, 'host' | 'port' | 'publicUrl'>,
  listening: { port: number } | string | null,
): string {
  if (config.publicUrl !== `http://localhost:${config.port}`) return config.publicUrl;
  const port = listening !== null && typeof listening === 'object' ? listening.port : config.port;
  const host = THIS_MACHINE.has(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}`;
}

/** What `npm start` prints once the site serves: the last line a newcomer reads before opening it. */
export function runningLine(...args: Parameters<typeof siteAddress>): string {
  return `Stride is running on ${siteAddress(...args)}`;
}
