import { useRef } from 'react';
import { confirmDelete } from './alerts';
import { DELETE_REMOVAL, type RemovalMessages } from './record-messages';
import { announceDone, announceFailure, useSubmission } from './use-submission';

const deleteMessages = () => DELETE_REMOVAL;

/**
 * Removing a record from a list after a confirmation (a race, a registration, an organizer's cancellation):
 * the confirm dialog, the call, the outcome's alert and the route's loaders re-run. `removalMessages` words the
 * dialog and the outcome (docs/SPEC.md §8's delete by default). Focus then goes to `headingRef`, as the row and its
 * buttons are gone.
 */
export function useRecordRemoval<T extends { _id: string }>({
  remove,
  removalMessages = deleteMessages,
}: {
  remove: (id: string) => Promise<{ message: string }>;
  removalMessages?: (record: T) => RemovalMessages;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { send } = useSubmission();

  async function removeRecord(record: T) {
    const { confirm, outcome } = removalMessages(record);
    if (!(await confirmDelete(confirm))) return;
    const removed = await send(() => remove(record._id), {
      onDone: (result) => announceDone(outcome, result.message),
      onFailure: (failure) => announceFailure(outcome, failure),
    });
    // Keep keyboard users on the page.
    if (removed) headingRef.current?.focus();
  }

  return { headingRef, removeRecord };
}
