import { sortNewestFirst, type BlogPost } from '../blog-posts';

/** The static news file shipped with the app (apps/web/public/blogs.json), fetched from this origin. */
const BLOGS_URL = `${import.meta.env.BASE_URL}blogs.json`;

let pending: Promise<BlogPost[]> | null = null;
let loaded: BlogPost[] | null = null;

/** The posts once they have loaded in this tab, so a screen can show them at once. */
export const getLoadedBlogPosts = () => loaded;

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
