import type { ReactNode } from 'react';

/**
 * A page's heading under a small caption that says what the page is ("Participants", "Race pass") above what it
 * is about (the race's title); screen readers hear "Participants: Lisbon Half".
 */
export function TitledHeading({
  caption,
  className = 'text-3xl',
  children,
}: {
  caption: string;
  /** The heading's size: `text-3xl` unless given. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <h1 className={`${className} font-bold break-words`}>
      <span className="text-base-content/75 block text-sm font-semibold tracking-wide uppercase">
        {caption}
        <span className="sr-only">:</span>
      </span>
      {children}
    </h1>
  );
}
