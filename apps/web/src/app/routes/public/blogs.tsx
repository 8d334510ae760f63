import { useLoaderData } from 'react-router';
import { loadBlogPosts } from '../../../features/blog/api/blogs-api';
import { BlogGrid } from '../../../features/blog/components/blog-card';
import { AwaitBlogPosts, BlogLoading } from '../../../features/blog/components/blog-status';
import { BLOG_MESSAGES } from '../../../features/blog/messages';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function loader() {
  return { posts: loadBlogPosts() };
}

/** The news list, labelled 'All News' (docs/SPEC.md §2): every post, newest first. */
export function Component() {
  useDocumentTitle(BLOG_MESSAGES.listHeading);
  const { posts } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{BLOG_MESSAGES.listHeading}</h1>
      <p className="text-base-content/75 mt-2 mb-8">
        Training plans, race-week advice and stories from the Stride community.
      </p>
      <AwaitBlogPosts posts={posts} loading={<BlogLoading label={BLOG_MESSAGES.loadingList} />}>
        {(list) =>
          list.length > 0 ? (
            <BlogGrid posts={list} TitleTag="h2" eagerCount={3} />
          ) : (
            <p>{BLOG_MESSAGES.empty}</p>
          )
        }
      </AwaitBlogPosts>
    </section>
  );
}
