import { Suspense, type ReactNode } from 'react';
import { Await } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import type { BlogPost } from '../blog-posts';
import { BLOG_MESSAGES } from '../messages';

/** Shown while blogs.json loads; a screen tall, like the page's Spinner, so the footer does not jump. */
export function BlogLoading({ label }: { label: string }) {
  return (
    <p role="status" className="flex min-h-screen items-start justify-center gap-3 py-16">
      <span className="loading loading-spinner text-primary" aria-hidden />
      {label}
    </p>
  );
}

/** The friendly message when blogs.json could not be loaded, with a way to try again. */
export function BlogLoadFailed() {
  return <LoadFailed message={BLOG_MESSAGES.loadFailed} />;
}

/**
 * The posts a route loader gave (`loadBlogPosts`): `loading` until they arrive, `failed` if they cannot, then
 * the content made from them.
 */
export function AwaitBlogPosts({
  posts,
  loading,
  failed = <BlogLoadFailed />,
  children,
}: {
  posts: BlogPost[] | Promise<BlogPost[]>;
  loading: ReactNode;
  failed?: ReactNode;
  children: (posts: BlogPost[]) => ReactNode;
}) {
  return (
    <Suspense fallback={loading}>
      <Await resolve={posts} errorElement={failed}>
        {children}
      </Await>
    </Suspense>
  );
}
