import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatPostDate, type BlogPost } from '../blog-posts';
import { BLOG_MESSAGES } from '../messages';

/** Date and author of a post. */
export function PostByline({ post, className = '' }: { post: BlogPost; className?: string }) {
  return (
    <p className={`text-base-content/75 flex flex-wrap gap-x-2 text-sm ${className}`}>
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      <span aria-hidden>·</span>
      <span>
        <span className="sr-only">By </span>
        {post.author}
      </span>
    </p>
  );
}

type CardOptions = {
  /** The title's heading level: h3 under a block's h2, h2 right under the page's h1. */
  TitleTag?: 'h2' | 'h3';
  /** Above the fold: the image loads at once instead of when scrolled near. */
  eager?: boolean;
};

/** A news card (docs/SPEC.md §2): image, date, author, title, excerpt and 'Read More'. */
export function BlogCard({ post, TitleTag = 'h3', eager = false }: { post: BlogPost } & CardOptions) {
  return (
    <article className="card bg-base-100 border-base-300 h-full border shadow-sm transition hover:shadow-md">
      <figure className="aspect-video">
        <img
          src={post.image}
          alt=""
          className="h-full w-full object-cover"
          width={800}
          height={450}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      </figure>
      <div className="card-body gap-2 p-5">
        <PostByline post={post} />
        <TitleTag className="card-title text-lg leading-snug">{post.title}</TitleTag>
        <p className="text-base-content/85">{post.excerpt}</p>
        <div className="card-actions mt-auto pt-2">
          <Link to={paths.blog.href(post.id)} className="btn btn-primary btn-sm">
            {BLOG_MESSAGES.readMore}
            <span className="sr-only">: {post.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The news grid: 1 column on small screens, 2 on medium, 3 on large (docs/SPEC.md §9). */
export function BlogGrid({
  posts,
  TitleTag,
  eagerCount = 0,
}: {
  posts: readonly BlogPost[];
  TitleTag?: CardOptions['TitleTag'];
  /** How many of the first cards are above the fold. */
  eagerCount?: number;
}) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.id}>
          <BlogCard post={post} TitleTag={TitleTag} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
