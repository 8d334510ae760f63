/**
 * Stands in for a screen while it loads. A full screen tall, so the footer stays out of view until the content
 * arrives instead of showing and then being pushed down (a layout shift).
 */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label={label} />
    </div>
  );
}
