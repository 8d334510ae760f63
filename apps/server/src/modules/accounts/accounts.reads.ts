import {
  type AccountDeletionPreview,
  type AccountExport,
  DASHBOARD_RACES_LIMIT,
  type Dashboard,
  type Marathon,
  type Registration,
} from '@stride/shared';
import { AppError } from '../../lib/app-error.js';
import { SIGN_IN_REQUIRED_MESSAGE } from '../../plugins/auth/session.js';
import type { AccountsRepository } from './accounts.repository.js';

/** What the account's reads need of the registrations module: the runner's entries as the API answers them. */
export type RunnerRegistrations = {
  findAllByUser: (userId: string) => Promise<Registration[]>;
  findNextByUser: (userId: string, now: Date) => Promise<Registration | null>;
};

/** …and of the marathons module: the organizer's races as the API answers them. */
export type OrganizerRaces = {
  findAllByCreator: (creatorId: string) => Promise<Marathon[]>;
  findUpcomingByCreator: (
    creatorId: string,
    now: Date,
    limit: number,
  ) => Promise<{ races: Marathon[]; upcoming: number; all: number }>;
};

/** The account's own views: the dashboard's home, the export, what deleting would remove. Never cached. */
export function createAccountReads({
  repository,
  runnerRegistrations,
  organizerRaces,
  now = () => new Date(),
}: {
  repository: AccountsRepository;
  runnerRegistrations: RunnerRegistrations;
  organizerRaces: OrganizerRaces;
  now?: () => Date;
}) {
  return {
    /** The runner's next race and the organizer's upcoming races with their counts. */
    async dashboard(userId: string): Promise<Dashboard> {
      const at = now();
      const [nextRace, organized] = await Promise.all([
        runnerRegistrations.findNextByUser(userId, at),
        organizerRaces.findUpcomingByCreator(userId, at, DASHBOARD_RACES_LIMIT),
      ]);
      return {
        nextRace,
        upcomingRaces: organized.races,
        upcomingRaceCount: organized.upcoming,
        racesOrganized: organized.all,
      };
    },

    /** Everything kept about the account: who it is, its entries with their answers, the races it organizes. */
    async exportData(userId: string): Promise<AccountExport> {
      const [account, registrations, racesOrganized] = await Promise.all([
        repository.findAccount(userId),
        runnerRegistrations.findAllByUser(userId),
        organizerRaces.findAllByCreator(userId),
      ]);
      // Deleted while this request was under way.
      if (!account) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
      return {
        exportedAt: now().toISOString(),
        account: { ...account, createdAt: account.createdAt.toISOString() },
        registrations,
        racesOrganized,
      };
    },

    /** What deleting the account would withdraw and delete, or which races stop it. */
    async deletionPreview(userId: string): Promise<AccountDeletionPreview> {
      const [registrations, races, passwordHash] = await Promise.all([
        repository.countEntries(userId),
        repository.findOwnRaces(userId),
        repository.findPasswordHash(userId),
      ]);
      return {
        registrations,
        racesWithoutRunners: races.filter((race) => !race.hasRunners).length,
        racesWithRunners: races.filter((race) => race.hasRunners).map(({ _id, title }) => ({ _id, title })),
        hasPassword: passwordHash !== null,
      };
    },
  };
}

export type AccountReads = ReturnType<typeof createAccountReads>;
