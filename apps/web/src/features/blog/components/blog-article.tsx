import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { toParagraphs, type BlogPost } from '../blog-posts';
import { PostByline } from './blog-card';

/** One post in full (docs/SPEC.md §2): image, date, author, title and content. */
export function BlogArticle({ post }: { post: BlogPost }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Link to={paths.blogs.href} className="link link-hover text-sm">
        ← All News
      </Link>
      <img
        src={post.image}
        alt=""
        className="rounded-box mt-4 aspect-video w-full object-cover"
        width={800}
        height={450}
        fetchPriority="high"
      />
      <PostByline post={post} className="mt-6" />
      <h1 className="mt-2 text-3xl font-bold leading-tight sm:text-4xl">{post.title}</h1>
      <div className="mt-6 space-y-4 text-lg leading-relaxed">
        {toParagraphs(post.content).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
