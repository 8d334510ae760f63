import { count } from 'drizzle-orm';
import type { Distance } from '@stride/shared';
import type { Auth } from '../plugins/auth/better-auth.js';
import type { Database } from '../db/client.js';
import { ballotSeeds, marathons, users } from '../db/schema/index.js';
import { ballotCommitment, newBallotSeed } from '../modules/ballot/ballot-draw.js';

export const DEMO_ORGANIZER = {
  name: 'Stride Demo Organizer',
  email: 'organizer@example.org',
  password: 'StrideDemo1',
} as const;

const DAY = 24 * 60 * 60 * 1000;

/** Windows relative to today: [registration opens, registration closes, race starts], in days. */
const DEMO_MARATHONS: Array<{
  title: string;
  location: string;
  /** Where the race is run: its times read as the clocks there. */
  timeZone: string;
  distance: Distance;
  days: [number, number, number];
  description: string;
  /** The field limit; most demo races have none. */
  capacity?: number;
  /** What the race asks its runners beyond a name and a phone number (issue 31); most ask nothing more. */
  entryForm?: Partial<typeof marathons.$inferInsert>;
  /**
   * Its entry fee (issue 32), paid on site (a fresh server has no Stripe account); tiers as days from today to
   * their ends, each before registration closes. Most demo races are free.
   */
  fee?: { entryFee: number; currency: string; tiers?: Array<[number, number]>; refundPercent?: number };
  /** Entry by ballot drawn on this day from today, and transfers allowed until that one (issue 35). */
  ballotDrawDay?: number;
  transfersUntilDay?: number;
}> = [
  {
    title: 'Riverside Spring Marathon',
    location: 'Hamburg, Germany',
    timeZone: 'Europe/Berlin',
    distance: '42.2k',
    days: [-10, 20, 35],
    description:
      'A flat, fast course along the Elbe with cheering crowds at every bridge. Pacers for 3:00 to 5:00.',
    entryForm: {
      registrationFields: {
        dateOfBirth: 'required',
        gender: 'required',
        tShirtSize: 'required',
        emergencyContact: 'required',
      },
      questions: [
        { id: 'qclub01', label: 'Running club', type: 'text', required: false, options: [] },
        {
          id: 'qpace01',
          label: 'Expected finish time',
          type: 'select',
          required: true,
          options: ['Under 3:00', '3:00–3:59', '4:00–4:59', '5:00 or more'],
        },
        {
          id: 'qbus001',
          label: 'I need the shuttle bus from the station',
          type: 'checkbox',
          required: false,
          options: [],
        },
      ],
      waiverText:
        'I take part at my own risk. I am fit to run a marathon and will follow the instructions of the race staff and medical team. Photos of the race may show me.',
      waiverVersion: 1,
      minimumAge: 18,
      ageGroups: [0, 20, 30, 40, 50, 60, 70],
    },
    fee: { entryFee: 6500, currency: 'EUR', tiers: [[5, 4900]], refundPercent: 50 },
  },
  {
    title: 'Old Town 10K Night Run',
    location: 'Prague, Czechia',
    timeZone: 'Europe/Prague',
    distance: '10k',
    days: [-3, 6, 12],
    capacity: 800,
    description:
      'Cobblestones, lanterns and a finish under the astronomical clock. Headlamps welcome, music on the way.',
  },
  {
    title: 'Harbour Lights 3K Fun Run',
    location: 'Lisbon, Portugal',
    timeZone: 'Europe/Lisbon',
    distance: '3k',
    days: [-20, 1, 3],
    description:
      'A short, friendly loop by the water for families, first-timers and anyone with a buggy or a dog.',
  },
  {
    title: 'Alpine Valley Trail 25K',
    location: 'Innsbruck, Austria',
    timeZone: 'Europe/Vienna',
    distance: '25k',
    days: [7, 45, 70],
    description:
      'Forest paths and 600 m of climbing with views of the Nordkette. Registration opens next week.',
  },
  {
    title: 'Lakeside Sunrise 15K',
    location: 'Zurich, Switzerland',
    timeZone: 'Europe/Zurich',
    distance: '15k',
    days: [-30, -2, 4],
    description: 'Start at dawn on the lake promenade. Registration has closed; see you at the start line.',
  },
  {
    title: 'Autumn Leaves Half Marathon',
    location: 'Kraków, Poland',
    timeZone: 'Europe/Warsaw',
    distance: '21.1k',
    days: [-120, -60, -45],
    description: 'Through the Planty park and along the Vistula. This race has been run: thank you, runners!',
  },
  {
    title: 'Canal Ring 10K',
    location: 'Amsterdam, Netherlands',
    timeZone: 'Europe/Amsterdam',
    distance: '10k',
    days: [-5, 25, 40],
    description: 'Seven bridges, zero hills. Chip timing and a medal made from recycled bike parts.',
    fee: { entryFee: 2500, currency: 'EUR' },
  },
  {
    title: 'Coastal Cliffs 50K',
    location: 'Cornwall, United Kingdom',
    timeZone: 'Europe/London',
    distance: '50k',
    days: [-15, 10, 21],
    description:
      'Rugged coast path with sea views the whole way. Trail shoes recommended; five water stations.',
  },
  {
    title: 'Park Run Sprint 3K',
    location: 'Copenhagen, Denmark',
    timeZone: 'Europe/Copenhagen',
    distance: '3k',
    days: [-1, 13, 14],
    capacity: 150,
    description:
      'Three fast laps of Fælledparken for all ages. Kids under 12 run free with a registered adult.',
  },
  {
    title: 'Desert Dawn 10K',
    location: 'Marrakesh, Morocco',
    timeZone: 'Africa/Casablanca',
    distance: '10k',
    days: [14, 60, 90],
    description: 'An early start to beat the heat, through palm groves and past the medina walls.',
  },
  {
    title: 'Winter Solstice 5K',
    location: 'Oslo, Norway',
    timeZone: 'Europe/Oslo',
    distance: '5k',
    days: [-60, -10, -5],
    description: 'Torches, snow and hot chocolate at the finish. This one is over; it returns next December.',
  },
  {
    title: 'Capital City Marathon',
    location: 'Berlin, Germany',
    timeZone: 'Europe/Berlin',
    distance: '42.2k',
    days: [-40, 50, 80],
    capacity: 40_000,
    ballotDrawDay: 55,
    transfersUntilDay: 73,
    description:
      'The big one: wide avenues, the Brandenburg Gate and a finish line party. Waves by expected time. ' +
      'Places are drawn by ballot after entries close; a runner who cannot start may hand their place on.',
  },
];

/**
 * On the first start of an empty database: a demo organizer and a dozen races with varied windows
 * (open, opening later, closed, already run; a few with a field limit), so a new visitor sees a living site. Returns whether it seeded.
 */
export async function seedDemoData(db: Database, auth: Auth, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(users);
  if ((existing?.total ?? 0) > 0) return false;

  const { user } = await auth.api.signUpEmail({ body: { ...DEMO_ORGANIZER } });
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const rows: Array<typeof marathons.$inferInsert> = DEMO_MARATHONS.map((race, index) => ({
    title: race.title,
    location: race.location,
    timeZone: race.timeZone,
    distance: race.distance,
    description: race.description,
    image: `/images/marathons/poster-${(index % 6) + 1}.svg`,
    startRegDate: at(race.days[0]),
    endRegDate: at(race.days[1]),
    startDate: at(race.days[2]),
    capacity: race.capacity ?? null,
    ...race.entryForm,
    ...(race.fee && {
      entryFee: race.fee.entryFee,
      currency: race.fee.currency,
      priceTiers: (race.fee.tiers ?? []).map(([days, entryFee]) => ({
        until: at(days).toISOString(),
        entryFee,
      })),
      paymentMethods: ['on_site' as const],
      refundPercent: race.fee.refundPercent ?? 0,
    }),
    ...(race.ballotDrawDay !== undefined && {
      entryMode: 'ballot' as const,
      ballotDrawAt: at(race.ballotDrawDay),
    }),
    ...(race.transfersUntilDay !== undefined && { transfersUntil: at(race.transfersUntilDay) }),
    creatorId: user.id,
    // Spread creation times so "newest first" has a visible order.
    createdAt: new Date(now.getTime() - (DEMO_MARATHONS.length - index) * 60_000),
  }));
  const inserted = await db
    .insert(marathons)
    .values(rows)
    .returning({ id: marathons.id, entryMode: marathons.entryMode });
  const seeds = inserted
    .filter((race) => race.entryMode === 'ballot')
    .map((race) => {
      const seed = newBallotSeed();
      return { marathonId: race.id, seed, seedCommitment: ballotCommitment(seed) };
    });
  if (seeds.length > 0) await db.insert(ballotSeeds).values(seeds);
  return true;
}
