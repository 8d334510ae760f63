import { countOf } from '../../lib/counts';

/** User-facing texts of the account's screens (the data download, the deletion), shared with their tests. */
export const ACCOUNT_TEXTS = {
  dashboardLoadFailed: 'Your dashboard could not be loaded.',
  downloadHeading: 'Download my data',
  downloadIntro:
    'One JSON file with your account, every registration with your answers, and every race you organize.',
  downloadLink: 'Download my data',
  deleteHeading: 'Delete my account',
  deleteButton: 'Delete my account',
  passwordLabel: 'Your password',
  googleOnly:
    'Your account signs in with Google only. Sign in with Google again, then delete it within 5 minutes.',
  blockingIntro: 'These races of yours still have runners, so the account cannot be deleted yet:',
  manageRaces: 'Go to My Marathons',
  previewFailed: 'What deleting would remove could not be loaded.',
  deleteFailedTitle: 'Your account was not deleted',
} as const;

/** What deleting will do, as the danger zone and its confirm dialog say it. */
export function deletionSummary(registrations: number, racesWithoutRunners: number): string {
  const parts = [
    registrations > 0
      ? `${countOf(registrations, 'entry', 'entries')} withdrawn (each place goes to the first in line)`
      : null,
    racesWithoutRunners > 0 ? `${countOf(racesWithoutRunners, 'race')} without runners deleted` : null,
  ].filter((part) => part !== null);
  const also = parts.length > 0 ? `; ${parts.join('; ')}` : '';
  return `Your account, its sessions and your personal data will be deleted${also}.`;
}
