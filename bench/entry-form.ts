import { type SQL, sql } from 'drizzle-orm';
import {
  AGE_GROUP_PRESETS,
  DEFAULT_T_SHIRT_SIZES,
  GENDERS,
  type Question,
  type RegistrationFields,
  ageGroupLabels,
} from '@stride/shared';
import { rowsOf } from '../apps/server/src/db/client.js';
import type { Executor } from '../apps/server/src/db/transaction.js';

const WAIVER_TEXT = [
  'I know that running a race is a potentially hazardous activity. I should not enter and run unless I am',
  'medically able and properly trained. I agree to abide by any decision of a race official relative to my',
  'ability to safely complete the run. I assume all risks associated with running in this event including,',
  'but not limited to: falls, contact with other participants, the effects of the weather, including heat',
  'and humidity, traffic and the conditions of the road, all such risks being known and appreciated by me.',
  'Having read this waiver and knowing these facts, and in consideration of your accepting my entry, I, for',
  'myself and anyone entitled to act on my behalf, waive and release the organizers, the sponsors and the',
  'volunteers from all claims or liabilities of any kind arising out of my participation in this event.',
  'I grant permission to all of the foregoing to use any photographs, motion pictures, recordings or any',
  'other record of this event for any legitimate purpose. I confirm that the emergency contact I give may be',
  'called on race day, and that the details I entered are true.',
].join(' ');

const club: Question = { id: 'qbclub1', label: 'Running club', type: 'text', required: false, options: [] };
const heard: Question = {
  id: 'qbhear2',
  label: 'How did you hear about the race?',
  type: 'select',
  required: true,
  options: ['A friend', 'Social media', 'Our website', 'A poster', 'Another race', 'The radio'],
};
const finish: Question = {
  id: 'qbtime3',
  label: 'Expected finish time',
  type: 'select',
  required: true,
  options: ['Under 40 minutes', '40 to 50 minutes', '50 to 60 minutes', 'Over an hour'],
};
const pasta: Question = {
  id: 'qbpast4',
  label: 'Pasta party the evening before',
  type: 'checkbox',
  required: false,
  options: [],
};
const medical: Question = {
  id: 'qbnote5',
  label: 'Anything the medical team should know?',
  type: 'text',
  required: false,
  options: [],
};

/**
 * The entry form (issue 31) of the bench's form races: the busiest seeded races and two open races of the bench's
 * organizer. Every standard field required, five questions of the three kinds, a waiver and the 10-year age
 * groups. The question ids are fixed (the server's are "q" and six letters or digits) so that the SQL that fills
 * the seeded answers and the bench's request bodies agree with the form without asking the server.
 */
export const BENCH_ENTRY_FORM = {
  registrationFields: {
    dateOfBirth: 'required',
    gender: 'required',
    tShirtSize: 'required',
    emergencyContact: 'required',
  } satisfies RegistrationFields,
  tShirtSizes: DEFAULT_T_SHIRT_SIZES,
  questions: [club, heard, finish, pasta, medical],
  waiverText: WAIVER_TEXT,
  ageGroups: AGE_GROUP_PRESETS.tenYear,
};

/** The age groups' labels (0–19, 20–29, …, 70+): the desk's filter values. */
export const BENCH_AGE_GROUPS = ageGroupLabels(BENCH_ENTRY_FORM.ageGroups);

/** What a medical note says, most often nothing worth a doctor's time. */
const MEDICAL_NOTES = [
  'None',
  'None',
  'None',
  'None',
  'Asthma: I carry an inhaler in my belt pocket',
  'Type 1 diabetes, glucose monitor on the left arm',
  'Allergic to penicillin and to wasp stings (EpiPen in my bag at the start)',
  'Recovering from a knee operation last spring; cleared by my doctor to run',
];

/** Gives the races the bench's entry form, replacing whatever form they had. */
export async function setBenchEntryForm(db: Executor, raceIds: string[]): Promise<void> {
  const form = BENCH_ENTRY_FORM;
  await db.execute(sql`
    update marathons set registration_fields = ${JSON.stringify(form.registrationFields)}::jsonb,
      t_shirt_sizes = ${sql.param(form.tShirtSizes)}::text[], questions = ${JSON.stringify(form.questions)}::jsonb,
      retired_questions = '[]'::jsonb, waiver_text = ${form.waiverText}, waiver_version = 1, minimum_age = null,
      age_groups = ${sql.param([...form.ageGroups])}::int[], form_revision = form_revision + 1
    where id = any(${sql.param(raceIds)}::uuid[])`);
}

/** A constant of the bench's own, written into the statement: ALTER TABLE takes no parameters. */
const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

/**
 * The `k`th byte of the registration's id: a version 4 uuid, random but for byte 6's and byte 8's high bits, so
 * each answer is picked from bytes of its own and is the same on every run.
 */
const idByte = (k: 0 | 1 | 2 | 3 | 4 | 5 | 7 | 9 | 10 | 11 | 12 | 13 | 14 | 15) =>
  sql.raw(`get_byte(uuid_send(id), ${k})`);

/** One of `values`, picked by a byte of the id. */
const pick = (values: readonly string[], byte: SQL) =>
  sql`(array[${sql.join(values.map(literal), sql`, `)}])[1 + ${byte} % ${sql.raw(String(values.length))}]`;

/**
 * Each answer's column, its type and its value for a registration, from its id alone: a date of birth from 1944
 * to 2006 (ages 18 to 83 on the seeded race days), a gender (4 % nonbinary), a T-shirt size, an emergency
 * contact, answers to the five questions and the waiver accepted when they registered.
 */
const ANSWER_COLUMNS: Array<{ column: string; type: string; value: SQL }> = [
  {
    column: 'date_of_birth',
    type: 'date',
    value: sql`date '1944-01-01' + (${idByte(0)} * 256 + ${idByte(1)}) % 23000`,
  },
  {
    column: 'gender',
    type: 'text',
    value: sql`case when ${idByte(2)} < 10 then ${literal(GENDERS[2])}
      when ${idByte(2)} % 2 = 0 then ${literal(GENDERS[0])} else ${literal(GENDERS[1])} end`,
  },
  { column: 't_shirt_size', type: 'text', value: pick(BENCH_ENTRY_FORM.tShirtSizes, idByte(3)) },
  {
    column: 'emergency_contact_name',
    type: 'text',
    value: sql`'Emergency Contact ' || (${idByte(4)} * 256 + ${idByte(5)})`,
  },
  {
    column: 'emergency_contact_phone',
    type: 'text',
    value: sql`'+1 555 ' || lpad(((${idByte(7)} * 256 + ${idByte(9)}) % 10000)::text, 4, '0')`,
  },
  {
    column: 'answers',
    type: 'jsonb',
    value: sql`jsonb_build_object(
      ${literal(club.id)}, 'Runners Club ' || (${idByte(10)} % 120),
      ${literal(heard.id)}, ${pick(heard.options, idByte(11))},
      ${literal(finish.id)}, ${pick(finish.options, idByte(12))},
      ${literal(pasta.id)}, ${idByte(13)} % 3 = 0,
      ${literal(medical.id)}, ${pick(MEDICAL_NOTES, idByte(14))})`,
  },
  { column: 'waiver_version', type: 'integer', value: sql`1` },
  { column: 'waiver_accepted_at', type: 'timestamp with time zone', value: sql`created_at` },
];

/** Fills every answer of the registrations `where` picks that have none yet (a few thousand: an UPDATE). */
export async function fillEntryAnswers(db: Executor, where: SQL): Promise<void> {
  await db.execute(sql`
    update registrations set ${sql.join(
      ANSWER_COLUMNS.map(({ column, value }) => sql`${sql.identifier(column)} = ${value}`),
      sql`, `,
    )}
    where (${where}) and date_of_birth is null`);
}

/**
 * Every seeded registration answers the entry form: those that have no answers yet get them, once per database.
 * Not as an UPDATE: a million rows rewritten one by one cost every index an entry each (the trigram index
 * most), then a VACUUM FULL to give back a table and indexes twice their size: 156 s at 100k / 1M here,
 * against 53 s for one ALTER TABLE that computes the columns anew (`using`, from each row as it was) while
 * rewriting the table once and building each index once. The types stay what they were. Returns how many it
 * filled.
 */
export async function fillSeededAnswers(db: Executor): Promise<number> {
  const pending = sql`date_of_birth is null and user_id like 'seed-%'`;
  const [row] = rowsOf<{ pending: number }>(
    await db.execute(sql`select count(*)::int as pending from registrations where ${pending}`),
  );
  if (row!.pending === 0) return 0;
  await db.execute(sql`
    alter table registrations ${sql.join(
      ANSWER_COLUMNS.map(
        ({ column, type, value }) =>
          sql`alter column ${sql.identifier(column)} type ${sql.raw(type)}
            using case when ${pending} then ${value} else ${sql.identifier(column)} end`,
      ),
      sql`, `,
    )}`);
  await db.execute(sql`analyze registrations`);
  return row!.pending;
}

/**
 * A body of POST /api/registrations for a race with the bench's form: every field and the five answers, varied
 * from one request to the next as a crowd of runners would fill them in.
 */
export function entryFormBody(raceId: string, turn: number) {
  const form = BENCH_ENTRY_FORM;
  const day = 1 + (turn % 28);
  return {
    marathonId: raceId,
    firstName: 'Bench',
    lastName: 'Runner',
    contact: '+1 555 0199',
    info: '',
    dateOfBirth: `${1950 + (turn % 50)}-${String(1 + (turn % 12)).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    gender: GENDERS[turn % GENDERS.length],
    tShirtSize: form.tShirtSizes[turn % form.tShirtSizes.length],
    emergencyContact: { name: `Emergency Contact ${turn}`, phone: '+1 555 0142' },
    answers: {
      [club.id]: `Runners Club ${turn % 120}`,
      [heard.id]: heard.options[turn % heard.options.length],
      [finish.id]: finish.options[turn % finish.options.length],
      [pasta.id]: turn % 3 === 0,
      [medical.id]: MEDICAL_NOTES[turn % MEDICAL_NOTES.length],
    },
    waiverAccepted: true,
  };
}

/** A race the desk reads, with a session of its organizer. */
export type DeskRace = { id: string; entries: number; organizerToken: string };

const PARTICIPANT_VIEWS = ['bib', 'lastName', 'timestamp'].flatMap((sort) =>
  ['asc', 'desc'].map((order) => `sort=${sort}&order=${order}`),
);

/**
 * The organizers' desk pages of the form races filtered by a gender and an age group: every race, gender, group,
 * order and the first two pages, in a scattered turn over all of them (a stride prime to their number), each
 * asked by the race's own organizer.
 */
export function filteredDeskPages(races: DeskRace[], limit: number) {
  const pages = 2;
  const combinations =
    races.length * GENDERS.length * BENCH_AGE_GROUPS.length * PARTICIPANT_VIEWS.length * pages;
  let turn = 0;
  return () => {
    let rest = (turn++ * 7919) % combinations;
    const take = (count: number) => {
      const index = rest % count;
      rest = Math.floor(rest / count);
      return index;
    };
    const race = races[take(races.length)]!;
    const gender = GENDERS[take(GENDERS.length)]!;
    const group = BENCH_AGE_GROUPS[take(BENCH_AGE_GROUPS.length)]!;
    const view = PARTICIPANT_VIEWS[take(PARTICIPANT_VIEWS.length)]!;
    const page = 1 + take(pages);
    return {
      path:
        `/api/marathons/${race.id}/participants?limit=${limit}&gender=${gender}` +
        `&ageGroup=${encodeURIComponent(group)}&${view}&page=${page}`,
      headers: { authorization: `Bearer ${race.organizerToken}` },
    };
  };
}
