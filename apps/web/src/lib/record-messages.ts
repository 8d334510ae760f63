/** The alert texts of one kind of change to a record (docs/SPEC.md §8). */
export type OutcomeMessages = {
  doneTitle: string;
  refused: { title: string; fallback: string };
  failed: { title: string; text: string };
};

/** The usual outcome texts: `doneTitle` on success; 'Failed!' (with the server's reason) or 'Error!', saying `failure`. */
export const outcomeSaying = (doneTitle: string, failure: string): OutcomeMessages => ({
  doneTitle,
  refused: { title: 'Failed!', fallback: failure },
  failed: { title: 'Error!', text: failure },
});

/**
 * The confirm dialog before a record is removed: its title, its text, the confirming button's label and, where
 * 'Cancel' would be ambiguous (cancelling a registration), the label of the button that keeps the record.
 * `detail`, a line below the text, says what will happen to what ("Capital City Marathon and its 212
 * registrations will be deleted; every runner is told.").
 */
export type ConfirmMessages = {
  title: string;
  text: string;
  confirmButton: string;
  keepButton?: string;
  detail?: string;
};

/** What removing a record says: the confirm dialog first, then the outcome's alert. */
export type RemovalMessages = { confirm: ConfirmMessages; outcome: OutcomeMessages };

/** docs/SPEC.md §8: the confirm dialog before a delete. */
export const DELETE_CONFIRM = {
  title: 'Are you sure?',
  text: "You won't be able to revert this!",
  confirmButton: 'Yes, delete it!',
} as const satisfies ConfirmMessages;

/** docs/SPEC.md §8: deleting a marathon or a registration. */
export const DELETE_MESSAGES = {
  doneTitle: 'Deleted!',
  refused: { title: 'Failed!', fallback: 'Delete failed.' },
  failed: { title: 'Error!', text: 'Delete failed.' },
} as const satisfies OutcomeMessages;

/** Deleting a marathon or a registration (docs/SPEC.md §8), from the confirm dialog to the outcome. */
export const DELETE_REMOVAL = {
  confirm: DELETE_CONFIRM,
  outcome: DELETE_MESSAGES,
} as const satisfies RemovalMessages;

/** docs/SPEC.md §8's delete, its dialog saying below its own words what will happen (`detail`). */
export function deleteRemovalSaying(detail: string): RemovalMessages {
  return { confirm: { ...DELETE_CONFIRM, detail }, outcome: DELETE_MESSAGES };
}
