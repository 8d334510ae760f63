import { sortNewestFirst, type BlogPost } from '../blog-posts';
import { BLOG_MESSAGES } from '../messages';

/** The static news file shipped with the app (apps/web/public/blogs.json), fetched from this origin. */
const BLOGS_URL = `${import.meta.env.BASE_URL}blogs.json`;

let pending: Promise<BlogPost[]> | null = null;
let loaded: BlogPost[] | null = null;

/** Every post, newest first. The file is static: it is fetched once per tab, again only after a failure. */
export function findBlogPosts(): Promise<BlogPost[]> {
  pending ??= fetch(BLOGS_URL)
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET ${BLOGS_URL} answered ${response.status}`);
      const data: unknown = await response.json();
      if (!Array.isArray(data)) throw new Error(`${BLOGS_URL} is not a list of posts`);
      loaded = sortNewestFirst(data as BlogPost[]);
      return loaded;
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/**
 * The posts for a route loader: the list itself when this tab has loaded it already, else a promise the screen
 * shows with <Await> (its loading and failed states in place). A failure is logged (docs/SPEC.md §8).
 */
export function loadBlogPosts(): BlogPost[] | Promise<BlogPost[]> {
  if (loaded) return loaded;
  const posts = findBlogPosts().catch((error: unknown) => {
    console.error(BLOG_MESSAGES.logMessage, error);
    throw error;
  });
  // The screen's <Await> handles the failure; this keeps it from also counting as an unhandled rejection.
  posts.catch(() => {});
  return posts;
}
