import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { OutcomeMessages, RemovalMessages } from './record-messages';
import { useRecordRemoval } from './use-record-removal';
import { announceDone, announceFailure, type SubmitOptions } from './use-submission';

/**
 * Which record of a list the update modal edits. `updateOptions` are the modal form's outcome: closed, then the
 * alert of `updateMessages`.
 */
export function useRecordUpdating<T>(updateMessages: OutcomeMessages) {
  const [editing, setEditing] = useState<T | null>(null);

  const updateOptions: Omit<SubmitOptions<{ message: string }>, 'fields'> = {
    onDone: async (result) => {
      // Closed (and focus back on the row's button) before the alert opens over the page. The edits show in
      // the list, which the submission reloads from the server (docs/SPEC.md §4).
      flushSync(() => setEditing(null));
      await announceDone(updateMessages, result.message);
    },
    onFailure: (failure) => announceFailure(updateMessages, failure),
  };

  return { editing, startEditing: setEditing, stopEditing: () => setEditing(null), updateOptions };
}

/**
 * A dashboard list's own records (My Marathons, My Apply List): which one the update modal edits
 * (`useRecordUpdating`), and deleting after a confirmation. `removalMessages` words the confirmation and outcome
 * of removing a record (docs/SPEC.md §8's delete by default).
 */
export function useRecordEditing<T extends { _id: string }>({
  remove,
  updateMessages,
  removalMessages,
}: {
  remove: (id: string) => Promise<{ message: string }>;
  updateMessages: OutcomeMessages;
  removalMessages?: (record: T) => RemovalMessages;
}) {
  const { headingRef, removeRecord } = useRecordRemoval<T>({ remove, removalMessages });
  return {
    ...useRecordUpdating<T>(updateMessages),
    /** The list's heading: where focus goes once a deleted row's buttons are gone. */
    headingRef,
    deleteRecord: removeRecord,
  };
}
