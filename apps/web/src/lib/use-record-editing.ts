import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { confirmDelete } from './alerts';
import { DELETE_REMOVAL, type OutcomeMessages, type RemovalMessages } from './record-messages';
import { announceDone, announceFailure, useSubmission, type SubmitOptions } from './use-submission';

const deleteMessages = () => DELETE_REMOVAL;

/**
 * A dashboard list's own records (My Marathons, My Apply List): which one the update modal edits, and deleting
 * after a confirmation. `updateOptions` are the modal form's outcome: closed, then the alert of `updateMessages`.
 * `removalMessages` words the confirmation and outcome of removing a record (SPEC.md §8's delete by default).
 */
export function useRecordEditing<T extends { _id: string }>({
  remove,
  updateMessages,
  removalMessages = deleteMessages,
}: {
  remove: (id: string) => Promise<{ message: string }>;
  updateMessages: OutcomeMessages;
  removalMessages?: (record: T) => RemovalMessages;
}) {
  const [editing, setEditing] = useState<T | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { send } = useSubmission();

  async function deleteRecord(record: T) {
    const { confirm, outcome } = removalMessages(record);
    if (!(await confirmDelete(confirm))) return;
    const deleted = await send(() => remove(record._id), {
      onDone: (result) => announceDone(outcome, result.message),
      onFailure: (failure) => announceFailure(outcome, failure),
    });
    // The row and its buttons are gone: keep keyboard users on the page.
    if (deleted) headingRef.current?.focus();
  }

  const updateOptions: Omit<SubmitOptions<{ message: string }>, 'fields'> = {
    onDone: async (result) => {
      // Closed (and focus back on the row's button) before the alert opens over the page. The edits show in
      // the list, which the submission reloads from the server (SPEC.md §4).
      flushSync(() => setEditing(null));
      await announceDone(updateMessages, result.message);
    },
    onFailure: (failure) => announceFailure(updateMessages, failure),
  };

  return {
    editing,
    startEditing: setEditing,
    stopEditing: () => setEditing(null),
    /** The list's heading: where focus goes once a deleted row's buttons are gone. */
    headingRef,
    deleteRecord,
    updateOptions,
  };
}
