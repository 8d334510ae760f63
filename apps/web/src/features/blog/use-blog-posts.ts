import { useEffect, useState } from 'react';
import { findBlogPosts, getLoadedBlogPosts } from './api/blogs-api';
import type { BlogPost } from './blog-posts';
import { BLOG_MESSAGES } from './messages';

export type BlogPostsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; posts: BlogPost[] };

const initialState = (): BlogPostsState => {
  const posts = getLoadedBlogPosts();
  return posts ? { status: 'ready', posts } : { status: 'loading' };
};

/** The news posts (newest first) with their loading state; a failure is logged (SPEC.md §8) and can be retried. */
export function useBlogPosts(): { state: BlogPostsState; retry: () => void } {
  const [state, setState] = useState(initialState);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    findBlogPosts().then(
      (posts) => {
        if (isCurrent) setState({ status: 'ready', posts });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        console.error(BLOG_MESSAGES.logMessage, error);
        setState({ status: 'failed' });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { state, retry };
}
