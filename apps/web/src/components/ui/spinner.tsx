export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label={label} />
    </div>
  );
}
