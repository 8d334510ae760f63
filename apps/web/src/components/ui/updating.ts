/**
 * The classes of a list while its next view loads (beside `aria-busy`): it fades as the load starts and is back at
 * full contrast the moment the new view is there, without fading in, so no one (nor an accessibility check) reads
 * the new content half-transparent.
 */
export const dimmedWhile = (isUpdating: boolean) => (isUpdating ? 'opacity-60 transition-opacity' : '');
