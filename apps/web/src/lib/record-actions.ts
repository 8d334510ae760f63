import { confirmDelete, showAlert } from './alerts';
import { ApiError, fieldErrorMap } from './api-client';
import { DELETE_MESSAGES, type OutcomeMessages } from './record-messages';

/** How a change to a record (update, delete) ended, from the user's point of view. */
export type Outcome<T> =
  /** The server answered success. */
  | { kind: 'done'; result: T }
  /** The server said no (success false, or a 4xx with its reason). */
  | { kind: 'refused'; message: string }
  /** The server named fields at fault (400): the form shows them beside the fields. */
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  /** No usable answer: network down, server error, anything unexpected. */
  | { kind: 'failed' };

/** Sorts a thrown error into an outcome. */
export function outcomeOfError(error: unknown): Outcome<never> {
  if (error instanceof ApiError) {
    const fieldErrors = fieldErrorMap(error);
    if (Object.keys(fieldErrors).length > 0) return { kind: 'invalid', fieldErrors };
    if (error.status >= 400 && error.status < 500) return { kind: 'refused', message: error.message };
  }
  return { kind: 'failed' };
}

/** Runs an update or delete call of SPEC.md §7 (answers `{ success, message }`) and sorts how it ended. */
export async function settle<T extends { success: boolean; message: string }>(
  call: Promise<T>,
): Promise<Outcome<T>> {
  try {
    const result = await call;
    return result.success ? { kind: 'done', result } : { kind: 'refused', message: result.message };
  } catch (error) {
    return outcomeOfError(error);
  }
}

/**
 * The alert for an outcome ('invalid' has none: the form shows it). Resolves when the alert is closed. Inside an
 * open modal dialog the alert goes into it, since everything outside a modal dialog is inert.
 */
export async function announceOutcome(
  outcome: Outcome<{ message: string }>,
  messages: OutcomeMessages,
): Promise<void> {
  const target = document.querySelector<HTMLDialogElement>('dialog[open]') ?? undefined;
  switch (outcome.kind) {
    case 'done':
      await showAlert({ icon: 'success', title: messages.doneTitle, text: outcome.result.message, target });
      return;
    case 'refused':
      await showAlert({
        icon: 'error',
        title: messages.refused.title,
        text: outcome.message || messages.refused.fallback,
        target,
      });
      return;
    case 'failed':
      await showAlert({ icon: 'error', ...messages.failed, target });
      return;
    case 'invalid':
      return;
  }
}

/**
 * SPEC.md §4: confirm first, then delete. `onDeleted` runs as soon as the server confirms (the record leaves the
 * list), before the alert. Resolves true when deleted, once the alert is closed.
 */
export async function confirmAndDelete(
  remove: () => Promise<{ success: boolean; message: string }>,
  onDeleted: () => void,
): Promise<boolean> {
  if (!(await confirmDelete())) return false;
  const outcome = await settle(remove());
  if (outcome.kind === 'done') onDeleted();
  await announceOutcome(outcome, DELETE_MESSAGES);
  return outcome.kind === 'done';
}
