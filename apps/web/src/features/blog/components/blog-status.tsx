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
export function BlogLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="alert border-error bg-error/10 text-base-content flex flex-wrap">
      <span>{BLOG_MESSAGES.loadFailed}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
