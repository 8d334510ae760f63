import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

type HomeSectionProps = {
  heading: string;
  subheading?: string;
  /** A link under the block, e.g. to the full list. */
  more?: { label: string; to: string };
  className?: string;
  children: ReactNode;
};

/** One block of the home page: a heading (h2), an optional subheading, the content and an optional link on. */
export function HomeSection({ heading, subheading, more, className = '', children }: HomeSectionProps) {
  const headingId = useId();
  return (
    // Named by its heading, the block is a region landmark a screen reader can jump to.
    <section aria-labelledby={headingId} className={`mx-auto max-w-7xl px-4 py-12 ${className}`}>
      <div className="mb-8 text-center">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight">
          {heading}
        </h2>
        {subheading && <p className="text-base-content/75 mt-2 text-lg">{subheading}</p>}
      </div>
      {children}
      {more && (
        <div className="mt-8 text-center">
          <Link to={more.to} className="btn btn-outline">
            {more.label}
          </Link>
        </div>
      )}
    </section>
  );
}
