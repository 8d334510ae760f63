/** A news post of the static blogs.json (docs/SPEC.md §3). `date` is a calendar day, `YYYY-MM-DD`. */
export type BlogPost = {
  id: number;
  image: string;
  title: string;
  date: string;
  author: string;
  excerpt: string;
  content: string;
};

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a post's date for sorting; 0 when unparseable, so such a post sorts last. */
function timeOf(date: string): number {
  const time = new Date(date).getTime();
  return Number.isNaN(time) ? 0 : time;
}

/** The posts newest first; the same day, the higher id first. */
export function sortNewestFirst(posts: readonly BlogPost[]): BlogPost[] {
  return [...posts].sort((a, b) => timeOf(b.date) - timeOf(a.date) || b.id - a.id);
}

/** The post whose numeric id equals the route parameter (docs/SPEC.md §2), or undefined. */
export function findPostById(posts: readonly BlogPost[], idParam: string | undefined): BlogPost | undefined {
  if (idParam === undefined || !/^\d+$/.test(idParam)) return undefined;
  const id = Number(idParam);
  return posts.find((post) => post.id === id);
}

/** A post's date as a reader sees it: 'November 18, 2026'. A day is the same day in every time zone. */
export function formatPostDate(date: string): string {
  const day = DAY_ONLY.exec(date);
  const value = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(date);
  if (Number.isNaN(value.getTime())) return date;
  return value.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(day && { timeZone: 'UTC' }),
  });
}

/** A post's content split into paragraphs at blank lines. */
export function toParagraphs(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
