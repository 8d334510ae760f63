import { BlogGrid } from '../../../features/blog/components/blog-card';
import { BlogLoadFailed, BlogLoading } from '../../../features/blog/components/blog-status';
import { BLOG_MESSAGES } from '../../../features/blog/messages';
import { useBlogPosts } from '../../../features/blog/use-blog-posts';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The news list, labelled 'All News' (SPEC.md §2): every post, newest first. */
export function Component() {
  useDocumentTitle(BLOG_MESSAGES.listHeading);
  const { state, retry } = useBlogPosts();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{BLOG_MESSAGES.listHeading}</h1>
      <p className="text-base-content/75 mt-2 mb-8">
        Training plans, race-week advice and stories from the Stride community.
      </p>
      {state.status === 'loading' && <BlogLoading label={BLOG_MESSAGES.loadingList} />}
      {state.status === 'failed' && <BlogLoadFailed onRetry={retry} />}
      {state.status === 'ready' &&
        (state.posts.length > 0 ? (
          <BlogGrid posts={state.posts} TitleTag="h2" eagerCount={3} />
        ) : (
          <p>{BLOG_MESSAGES.empty}</p>
        ))}
    </section>
  );
}
