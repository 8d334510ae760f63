import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { BlogArticle } from '../../../features/blog/components/blog-article';
import { BlogLoadFailed, BlogLoading } from '../../../features/blog/components/blog-status';
import { findPostById } from '../../../features/blog/blog-posts';
import { BLOG_MESSAGES } from '../../../features/blog/messages';
import { useBlogPosts } from '../../../features/blog/use-blog-posts';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * One news post: loads blogs.json and shows the post whose id is in the URL. An unknown id goes to the list
 * (/blogs, not /blog as SPEC.md says: see docs/decisions/008-ui-deviations.md).
 */
export function Component() {
  const { id } = useParams();
  const { state, retry } = useBlogPosts();
  const post = state.status === 'ready' ? findPostById(state.posts, id) : undefined;
  useDocumentTitle(post?.title ?? 'News');

  if (state.status === 'loading') return <BlogLoading label={BLOG_MESSAGES.loadingPost} />;
  if (state.status === 'failed') {
    return (
      <section className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="mb-6 text-3xl font-bold">News</h1>
        <BlogLoadFailed onRetry={retry} />
      </section>
    );
  }
  if (!post) return <Navigate to={paths.blogs} replace />;
  return <BlogArticle post={post} />;
}
