import { DISTANCE_LABELS, DISTANCES } from '@stride/shared/constants';

/**
 * The distances as the search chips and the add/update form offer them: shortest first, each with the words a
 * runner reads (the value is what the API and the URL take).
 */
export const DISTANCE_CHOICES = DISTANCES.map((value) => ({ value, label: DISTANCE_LABELS[value] }));
