import type { ReactNode } from 'react';
import type { AsyncData } from '../../lib/use-async-data';
import { Spinner } from './spinner';

type AsyncViewProps<T> = {
  state: AsyncData<T>;
  /** Names the spinner while loading. */
  loadingLabel: string;
  /** Said when loading failed, beside a 'Try again' button. */
  failedText: string;
  onRetry: () => void;
  children: (data: T) => ReactNode;
};

/** A spinner while data loads, the failure with a way to try again, else the content. */
export function AsyncView<T>({ state, loadingLabel, failedText, onRetry, children }: AsyncViewProps<T>) {
  switch (state.status) {
    case 'loading':
      return <Spinner label={loadingLabel} />;
    case 'error':
      return (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap">
          <span>{failedText}</span>
          <button type="button" className="btn btn-sm" onClick={onRetry}>
            Try again
          </button>
        </div>
      );
    case 'success':
      return children(state.data);
  }
}
