import { existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Marathon, ResultCard } from '@stride/shared';
import { AppError } from '../lib/app-error.js';
import { isUuid } from '../lib/ids.js';
import type { MarathonReads } from '../modules/marathons/marathons.reads.js';
import { racePageHead, resultCardHead } from './race-page-head.js';

const HTML = 'text/html; charset=utf-8';
/**
 * The page may be kept briefly: the race it shows is itself up to 2 s old (the read model's public reads), and
 * every visitor gets the same page. A missing race is not kept: it may be published any moment.
 */
const CACHE_CONTROL = 'public, max-age=2';

/** The built index.html, cut where a page's own head goes: in place of its `<title>` and description. */
type PageTemplate = { plain: string; before: string; after: string };

function readTemplate(indexPath: string): PageTemplate {
  const plain = readFileSync(indexPath, 'utf8');
  const html = plain.replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  const title = /<title>[\s\S]*?<\/title>/i.exec(html);
  if (title) {
    return { plain, before: html.slice(0, title.index), after: html.slice(title.index + title[0].length) };
  }
  // A page without a title (never built so): its head's end, or before its body.
  const headEnd = html.search(/<\/head>/i);
  const at = headEnd >= 0 ? headEnd : Math.max(0, html.search(/<body/i));
  return { plain, before: html.slice(0, at), after: html.slice(at) };
}

/** The race, as the read model keeps it, or null for an id no race has. */
async function readRace(reads: Pick<MarathonReads, 'race'>, id: string): Promise<Marathon | null> {
  if (!isUuid(id)) return null;
  try {
    return JSON.parse((await reads.race(id)).body) as Marathon;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * The public race page, `/races/:id` (docs/ARCHITECTURE.md, "A public page with preview tags"): the built web app
 * with the race's title, Open Graph and Twitter tags and schema.org JSON-LD in its head, so a shared link
 * previews, and search engines list the race, without running JavaScript. An unknown race gets the app as it is
 * with a 404, and the app shows its not-found screen. Without a built web app there is no page (the JSON 404).
 */
export async function registerRacePage(
  app: FastifyInstance,
  {
    webDistDir,
    publicUrl,
    reads,
    resultCard,
  }: {
    webDistDir: string | undefined;
    publicUrl: string;
    reads: Pick<MarathonReads, 'race'>;
    /** A published result by race and bib (issue 34), or null: none, or not published. */
    resultCard: (raceId: string, bib: number) => Promise<ResultCard | null>;
  },
) {
  const indexPath = webDistDir === undefined ? undefined : path.join(webDistDir, 'index.html');
  if (indexPath === undefined || !existsSync(indexPath)) return;
  // Read again when a new build replaces it, as the static files are: its asset names change with each build.
  let kept: { mtimeMs: number; template: PageTemplate } | undefined;
  const currentTemplate = async () => {
    const { mtimeMs } = await stat(indexPath);
    if (kept?.mtimeMs !== mtimeMs) kept = { mtimeMs, template: readTemplate(indexPath) };
    return kept.template;
  };

  app.get<{ Params: { id: string } }>('/races/:id', { schema: { hide: true } }, async (request, reply) => {
    const [race, template] = await Promise.all([readRace(reads, request.params.id), currentTemplate()]);
    reply.type(HTML);
    if (!race) return reply.status(404).header('cache-control', 'no-cache').send(template.plain);
    const head = racePageHead(race, publicUrl);
    return reply.header('cache-control', CACHE_CONTROL).send(`${template.before}${head}${template.after}`);
  });

  // A runner's result card (issue 34): its preview tags in the page, so a shared link shows the time.
  app.get<{ Params: { id: string; bib: string } }>(
    '/results/:id/:bib',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id, bib } = request.params;
      const number = /^\d{1,9}$/.test(bib) ? Number(bib) : null;
      const [race, card, template] = await Promise.all([
        readRace(reads, id),
        number === null || !isUuid(id) ? null : resultCard(id, number),
        currentTemplate(),
      ]);
      reply.type(HTML);
      // Not found, or not published: the app as it is, which says so (the team, signed in, still sees theirs).
      if (!race || !card) return reply.header('cache-control', 'no-cache').send(template.plain);
      const head = resultCardHead(race, card, publicUrl);
      return reply.header('cache-control', CACHE_CONTROL).send(`${template.before}${head}${template.after}`);
    },
  );
}
