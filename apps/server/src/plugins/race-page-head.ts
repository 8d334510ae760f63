import {
  DISTANCE_LABELS,
  RACE_PAGE,
  type ResultCard,
  formatDateTimeInZone,
  formatIsoInZone,
  type Marathon,
} from '@stride/shared';
import { getRaceEndDate, isSoldOut } from '@stride/shared/rules';

/** Previews show about this much of a description; longer ones are cut between two words. */
const PREVIEW_DESCRIPTION_MAX = 200;

type Race = Pick<
  Marathon,
  | '_id'
  | 'title'
  | 'description'
  | 'location'
  | 'distance'
  | 'image'
  | 'startDate'
  | 'startRegDate'
  | 'endRegDate'
  | 'placesLeft'
  | 'timeZone'
>;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML, in an element or a quoted attribute alike. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` written as `\u003c`… (the same JSON
 * to a reader), so no text in it can close the block (`</script>`) or open a comment (`<!--`).
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** An address as crawlers need it: whole. A poster on this site (`/images/…`) is made absolute on PUBLIC_URL. */
export const absoluteUrl = (publicUrl: string, pathOrUrl: string) =>
  /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${publicUrl}/${pathOrUrl.replace(/^\/+/, '')}`;

/** The public race page's address. */
export const racePageUrl = (publicUrl: string, raceId: string) =>
  `${publicUrl}/races/${encodeURIComponent(raceId)}`;

/** At most `max` characters: cut after the last whole word that fits, with '…'. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * What a preview says under the title: when (the race's local time, as every page says it), where, how far,
 * then the race's own words, on one line.
 */
function previewDescription(race: Race): string {
  const when = formatDateTimeInZone(race.startDate, race.timeZone);
  const text = `${when} · ${race.location} · ${DISTANCE_LABELS[race.distance]}. ${race.description}`;
  return shorten(text.replace(/\s+/g, ' ').trim(), PREVIEW_DESCRIPTION_MAX);
}

/**
 * The race as a schema.org SportsEvent (what search engines list), its times with the offset of the race's zone.
 * Stride takes no payments, so the offer is free; its window is the registration window. The organizer is the
 * site: a race's API object names its creator only by e-mail address, which a public page does not publish.
 */
export function raceJsonLd(race: Race, publicUrl: string) {
  const url = racePageUrl(publicUrl, race._id);
  const inZone = (instant: string | Date) => formatIsoInZone(instant, race.timeZone);
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: race.title,
    description: race.description,
    url,
    image: [absoluteUrl(publicUrl, race.image)],
    startDate: inZone(race.startDate),
    endDate: inZone(getRaceEndDate(new Date(race.startDate), race.distance)),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: race.location, address: race.location },
    organizer: { '@type': 'Organization', name: RACE_PAGE.siteName, url: publicUrl },
    offers: {
      '@type': 'Offer',
      url,
      availability: isSoldOut(race) ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      price: 0,
      validFrom: inZone(race.startRegDate),
      validThrough: inZone(race.endRegDate),
    },
    isAccessibleForFree: true,
  };
}

/**
 * The head of the race's page: its title, description and canonical address, the Open Graph and Twitter tags a
 * shared link previews from, and the JSON-LD. Every value is escaped: titles and descriptions are user text.
 */
export function racePageHead(race: Race, publicUrl: string): string {
  const url = racePageUrl(publicUrl, race._id);
  const image = absoluteUrl(publicUrl, race.image);
  const description = previewDescription(race);
  const imageAlt = `Poster of ${race.title}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(RACE_PAGE.title(race.title))}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', RACE_PAGE.siteName),
    meta('property', 'og:title', race.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', race.title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
    `<script type="application/ld+json">${jsonForScript(raceJsonLd(race, publicUrl))}</script>`,
  ].join('\n    ');
}

/** A result card's address (issue 34). */
export const resultCardUrl = (publicUrl: string, raceId: string, bib: number) =>
  `${publicUrl}/results/${encodeURIComponent(raceId)}/${bib}`;

/**
 * The head of a runner's result card, `/results/:id/:bib`: the title and description a shared link previews
 * (the runner, the time, the places, the pace) over the race's poster. Every value is escaped.
 */
export function resultCardHead(
  race: Pick<Race, '_id' | 'title' | 'image'>,
  card: ResultCard,
  publicUrl: string,
) {
  const { result, placeLine } = card;
  const name = `${result.firstName} ${result.lastName}`;
  const time = result.chipTimeText ?? result.gunTimeText;
  const title = `${name}: ${result.status === 'FIN' && time ? time : result.status} at ${race.title}`;
  const description = [
    result.status === 'FIN' && time
      ? `Finished ${race.title} in ${time}`
      : `${result.status} at ${race.title}`,
    placeLine,
    result.pacePerKm ? `${result.pacePerKm} /km` : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
  const url = resultCardUrl(publicUrl, race._id, result.bib);
  const image = absoluteUrl(publicUrl, race.image);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(RACE_PAGE.title(title))}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', RACE_PAGE.siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', `Poster of ${race.title}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
  ].join('\n    ');
}
