import type { ReactNode } from 'react';
import { Navigate, useLoaderData, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { loadBlogPosts } from '../../../features/blog/api/blogs-api';
import { findPostById, type BlogPost } from '../../../features/blog/blog-posts';
import { BlogArticle } from '../../../features/blog/components/blog-article';
import { AwaitBlogPosts, BlogLoadFailed, BlogLoading } from '../../../features/blog/components/blog-status';
import { BLOG_MESSAGES } from '../../../features/blog/messages';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The tab title until a post is shown. */
const NEWS_TITLE = 'News';

export function loader() {
  return { posts: loadBlogPosts() };
}

/**
 * One news post: the posts of blogs.json come from the loader ('Loading blog...' until they arrive), and the one
 * whose id is in the URL is shown. An unknown id goes to the list (/blogs, not /blog as docs/SPEC.md says: see
 * docs/decisions/008-ui-deviations.md).
 */
export function Component() {
  const { id } = useParams();
  const { posts } = useLoaderData<typeof loader>();
  return (
    <AwaitBlogPosts
      posts={posts}
      loading={
        <Titled title={NEWS_TITLE}>
          <BlogLoading label={BLOG_MESSAGES.loadingPost} />
        </Titled>
      }
      failed={
        <Titled title={NEWS_TITLE}>
          <section className="mx-auto max-w-3xl px-4 py-10">
            <h1 className="mb-6 text-3xl font-bold">{NEWS_TITLE}</h1>
            <BlogLoadFailed />
          </section>
        </Titled>
      }
    >
      {(list) => <PostOrList post={findPostById(list, id)} />}
    </AwaitBlogPosts>
  );
}

function PostOrList({ post }: { post: BlogPost | undefined }) {
  useDocumentTitle(post?.title ?? NEWS_TITLE);
  if (!post) return <Navigate to={paths.blogs.href} replace />;
  return <BlogArticle post={post} />;
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}
