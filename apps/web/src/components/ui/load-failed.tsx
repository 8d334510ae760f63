import { useRevalidator } from 'react-router';

/**
 * What a screen shows when its data could not be loaded: the friendly message and a way to try again, which
 * runs the route loaders once more.
 */
export function LoadFailed({ message }: { message: string }) {
  const revalidator = useRevalidator();
  const isRetrying = revalidator.state === 'loading';
  return (
    <div role="alert" className="alert border-error bg-error/10 text-base-content flex flex-wrap">
      <span>{message}</span>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => void revalidator.revalidate()}
        disabled={isRetrying}
      >
        {isRetrying && <span className="loading loading-spinner loading-xs" aria-hidden />}
        Try again
      </button>
    </div>
  );
}
