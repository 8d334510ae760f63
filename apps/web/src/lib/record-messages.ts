/** The alert texts of one kind of change to a record (SPEC.md §8). */
export type OutcomeMessages = {
  doneTitle: string;
  refused: { title: string; fallback: string };
  failed: { title: string; text: string };
};

/** SPEC.md §8: deleting a marathon or a registration. */
export const DELETE_MESSAGES = {
  doneTitle: 'Deleted!',
  refused: { title: 'Failed!', fallback: 'Delete failed.' },
  failed: { title: 'Error!', text: 'Delete failed.' },
} as const satisfies OutcomeMessages;
