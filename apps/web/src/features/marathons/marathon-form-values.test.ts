import {
  createMarathonSchema,
  DEFAULT_T_SHIRT_SIZES,
  MARATHON_FIELD_LABELS,
  NO_REGISTRATION_FIELDS,
  type Marathon,
} from '@stride/shared';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../../lib/form-errors';
import {
  capacityToInput,
  findTimeZone,
  formValuesToInput,
  checkMarathonInput,
  getBrowserTimeZone,
  getRaceStart,
  getTimeZoneHint,
  marathonToFormValues,
  newMarathonFormValues,
} from './marathon-form-values';

const stored: Marathon = {
  _id: 'a1',
  title: 'City Run',
  startRegDate: '2027-01-01T09:00:00.000Z',
  endRegDate: '2027-02-01T09:00:00.000Z',
  startDate: '2027-03-01T07:30:00.000Z',
  createdAt: '2026-12-01T00:00:00.000Z',
  location: 'Dhaka',
  distance: '3k',
  description: 'Flat and fast.',
  image: 'https://example.com/poster.jpg',
  email: 'org@example.com',
  totalRegistrationCount: 4,
  capacity: 10,
  placesLeft: 6,
  waitlistCount: 0,
  timeZone: 'UTC',
  registrationFields: NO_REGISTRATION_FIELDS,
  tShirtSizes: DEFAULT_T_SHIRT_SIZES,
  questions: [],
  retiredQuestions: [],
  waiver: null,
  minimumAge: null,
  ageGroups: null,
  entryFee: 0,
  currency: 'EUR',
  priceTiers: [],
  paymentMethods: ['online'],
  refundPolicy: { percent: 0, until: null },
  currentFee: 0,
  nextFeeChange: null,
  pendingCount: 0,
  rankBy: 'chip',
  resultsPublished: false,
  resultsUpdatedAt: null,
  entryMode: 'first_come',
  ballotDrawAt: null,
  ballotCount: 0,
  ballotDrawnAt: null,
  transfersUntil: null,
};

/** The same three instants, for a race run in Tokyo (UTC+9): 09:00 there is 00:00 UTC. */
const inTokyo: Marathon = {
  ...stored,
  startRegDate: '2027-01-10T00:00:00.000Z',
  endRegDate: '2027-02-20T09:30:00.000Z',
  startDate: '2027-03-14T00:00:00.000Z',
  timeZone: 'Asia/Tokyo',
};

const EMPTY_FORM = newMarathonFormValues('Europe/Lisbon');

describe('the marathon form values', () => {
  it('start empty with the default distance 10k, in the zone given', () => {
    expect(EMPTY_FORM).toMatchObject({
      title: '',
      startDate: '',
      distance: '10k',
      timeZone: 'Europe/Lisbon',
    });
  });

  it('send the dates as ISO strings, and round-trip a stored marathon', () => {
    const input = formValuesToInput(marathonToFormValues(stored));
    expect(input).toEqual({
      title: stored.title,
      startRegDate: stored.startRegDate,
      endRegDate: stored.endRegDate,
      startDate: stored.startDate,
      timeZone: 'UTC',
      location: stored.location,
      distance: '3k',
      description: stored.description,
      image: stored.image,
      capacity: 10,
      registrationFields: NO_REGISTRATION_FIELDS,
      tShirtSizes: DEFAULT_T_SHIRT_SIZES,
      questions: [],
      waiver: null,
      minimumAge: null,
      ageGroups: null,
      // A free race: its ways to pay and refund policy are left as stored.
      entryFee: 0,
      currency: 'EUR',
      priceTiers: [],
      // First come, no transfers.
      entryMode: 'first_come',
      ballotDrawAt: null,
      transfersUntil: null,
    });
    expect(createMarathonSchema.safeParse(input).success).toBe(true);
  });

  it("prefill the dates as the clocks read them where the race is run, whatever the browser's zone", () => {
    const values = marathonToFormValues(inTokyo);
    expect(values).toMatchObject({
      startRegDate: '2027-01-10T09:00',
      endRegDate: '2027-02-20T18:30',
      startDate: '2027-03-14T09:00',
      timeZone: 'Asia/Tokyo',
    });
    expect(formValuesToInput(values)).toMatchObject({
      startRegDate: inTokyo.startRegDate,
      endRegDate: inTokyo.endRegDate,
      startDate: inTokyo.startDate,
      timeZone: 'Asia/Tokyo',
    });
  });

  it('send a date left as it was as stored, to the millisecond, and one changed as its new wall-clock minute', () => {
    const precise = { ...inTokyo, startDate: '2027-03-14T00:00:15.250Z' };
    const values = marathonToFormValues(precise);
    expect(formValuesToInput(values).startDate).toBe(precise.startDate);
    expect(formValuesToInput({ ...values, startDate: '2027-03-14T10:00' }).startDate).toBe(
      '2027-03-14T01:00:00.000Z',
    );
    expect(formValuesToInput({ ...values, timeZone: 'UTC' }).startDate).toBe('2027-03-14T09:00:00.000Z');
  });

  it('read the wall-clock times in the race’s zone: 09:00 in Tokyo is not 09:00 in New York', () => {
    const picked = { ...EMPTY_FORM, startDate: '2027-03-14T09:00' };
    expect(formValuesToInput({ ...picked, timeZone: 'Asia/Tokyo' }).startDate).toBe(
      '2027-03-14T00:00:00.000Z',
    );
    expect(formValuesToInput({ ...picked, timeZone: 'America/New_York' }).startDate).toBe(
      '2027-03-14T13:00:00.000Z',
    );
  });

  it('keep the wall-clock times when the zone changes: a race moved to Lisbon still starts at 09:00', () => {
    const moved = { ...marathonToFormValues(inTokyo), timeZone: 'Europe/Lisbon' };
    expect(moved.startDate).toBe('2027-03-14T09:00');
    expect(formValuesToInput(moved)).toMatchObject({
      startDate: '2027-03-14T09:00:00.000Z',
      timeZone: 'Europe/Lisbon',
    });
  });

  it('send a zone typed in another case or with spaces by its name, and let the schema refuse an unknown one', () => {
    expect(formValuesToInput({ ...EMPTY_FORM, timeZone: ' asia/tokyo ' }).timeZone).toBe('Asia/Tokyo');
    const valid = formValuesToInput(marathonToFormValues(stored));
    const unknown = formValuesToInput({ ...marathonToFormValues(stored), timeZone: 'Mars/Olympus' });
    // The dates are still read (as UTC), so only the zone is at fault.
    expect(unknown).toEqual({ ...valid, timeZone: 'Mars/Olympus' });
    const result = createMarathonSchema.safeParse(unknown);
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
      timeZone: 'Time Zone must be an IANA time zone name such as Europe/Lisbon',
    });
  });

  it('send an empty Participant Limit as null (no limit), and prefill none as empty', () => {
    expect(EMPTY_FORM.capacity).toBe('');
    expect(formValuesToInput(EMPTY_FORM).capacity).toBeNull();
    expect(marathonToFormValues({ ...stored, capacity: null, placesLeft: null }).capacity).toBe('');
    expect(capacityToInput('  ')).toBeNull();
    expect(capacityToInput(' 250 ')).toBe(250);
  });

  it('let the schema refuse a Participant Limit that is not a whole number from 1 to 100000', () => {
    const valid = formValuesToInput(marathonToFormValues(stored));
    for (const typed of ['0', '-3', '2.5', '100001', 'many']) {
      const result = createMarathonSchema.safeParse({ ...valid, capacity: capacityToInput(typed) });
      expect(result.success, typed).toBe(false);
      expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
        capacity: expect.stringMatching(
          new RegExp(`^${MARATHON_FIELD_LABELS.capacity} must be a whole number`),
        ),
      });
    }
    for (const typed of ['1', '100000']) {
      expect(createMarathonSchema.safeParse({ ...valid, capacity: capacityToInput(typed) }).success).toBe(
        true,
      );
    }
  });

  it("fall back to 25k when a stored distance isn't one of the options", () => {
    const legacy = { ...stored, distance: '42k' } as unknown as Marathon;
    expect(marathonToFormValues(legacy).distance).toBe('25k');
  });

  it('give one "is required" message per empty field, named by its label', () => {
    const result = createMarathonSchema.safeParse(formValuesToInput(EMPTY_FORM));
    expect(result.success).toBe(false);
    const errors = fieldErrorsFromIssues(result.error!.issues);
    const required = [
      'title',
      'startRegDate',
      'endRegDate',
      'startDate',
      'location',
      'description',
      'image',
    ] as const;
    expect(errors).toEqual(
      Object.fromEntries(required.map((field) => [field, `${MARATHON_FIELD_LABELS[field]} is required`])),
    );
  });
});

describe('the body of a race with an entry form', () => {
  const withForm: Marathon = {
    ...stored,
    registrationFields: {
      dateOfBirth: 'required',
      gender: 'optional',
      tShirtSize: 'required',
      emergencyContact: 'off',
    },
    tShirtSizes: ['S', 'M', 'L'],
    questions: [
      { id: 'q1', label: 'Club', type: 'text', required: false, options: [] },
      { id: 'q2', label: 'Shuttle', type: 'select', required: true, options: ['7:00', '8:00'] },
    ],
    retiredQuestions: [{ id: 'q0', label: 'Old', type: 'checkbox', required: false, options: [] }],
    waiver: { text: 'I run at my own risk.', version: 2 },
    minimumAge: 18,
    ageGroups: [0, 20, 30],
  };

  it('sends the stored entry form back as it was, the questions with their ids and the waiver without its version', () => {
    const input = formValuesToInput(marathonToFormValues(withForm));
    expect(input).toMatchObject({
      registrationFields: withForm.registrationFields,
      tShirtSizes: ['S', 'M', 'L'],
      questions: [
        { id: 'q1', label: 'Club', type: 'text', required: false },
        { id: 'q2', label: 'Shuttle', type: 'select', required: true, options: ['7:00', '8:00'] },
      ],
      waiver: { text: 'I run at my own risk.' },
      minimumAge: 18,
      ageGroups: [0, 20, 30],
    });
    expect(input).not.toHaveProperty('retiredQuestions');
    expect(checkMarathonInput(input).success).toBe(true);
  });

  it('names each refused entry-form field as the form shows it: a bad age bound is the Age groups field’s', () => {
    const values = marathonToFormValues(withForm);
    const input = formValuesToInput({
      ...values,
      entryForm: {
        ...values.entryForm,
        questions: [{ ...values.entryForm.questions[0]!, label: ' ' }, values.entryForm.questions[1]!],
        ageGroups: '0, twenty, 30',
        minimumAge: '0',
      },
    });
    const result = checkMarathonInput(input);
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.success ? [] : result.error.issues)).toEqual({
      'questions.0.label': 'The question is required',
      ageGroups: expect.stringMatching(/^Age groups must be/),
      minimumAge: expect.stringMatching(/^The minimum age must be a whole number/),
    });
  });
});

describe('the race start of the entry form’s preview', () => {
  it('is the start picked, in the race’s zone, and empty until there is one', () => {
    expect(getRaceStart({ timeZone: 'Asia/Tokyo', startDate: '2027-03-14T09:00' })).toEqual({
      startDate: '2027-03-14T00:00:00.000Z',
      timeZone: 'Asia/Tokyo',
    });
    expect(getRaceStart({ timeZone: 'Asia/Tokyo', startDate: '' })).toEqual({
      startDate: '',
      timeZone: 'Asia/Tokyo',
    });
    expect(getRaceStart({ timeZone: 'Mars/Olympus', startDate: '2027-03-14T09:00' })).toEqual({
      startDate: '',
      timeZone: 'UTC',
    });
  });
});

describe('the time zone of a new race', () => {
  it("is the browser's own, which the app knows", () => {
    const zone = getBrowserTimeZone();
    expect(findTimeZone(zone)).toBe(zone);
  });
});

describe('the Time Zone hint', () => {
  it('names the zone and its short name at the race start, which summer time changes', () => {
    expect(getTimeZoneHint({ timeZone: 'Asia/Tokyo', startDate: '2027-03-14T09:00' })).toBe(
      'Times are in Asia/Tokyo (GMT+9)',
    );
    expect(getTimeZoneHint({ timeZone: 'Europe/Lisbon', startDate: '2027-01-10T09:00' })).toBe(
      'Times are in Europe/Lisbon (WET)',
    );
    expect(getTimeZoneHint({ timeZone: 'Europe/Lisbon', startDate: '2027-07-04T09:00' })).toBe(
      'Times are in Europe/Lisbon (WEST)',
    );
    expect(getTimeZoneHint({ timeZone: 'UTC', startDate: '2027-07-04T09:00' })).toBe('Times are in UTC');
  });

  it('is there before a start is picked, and not while the field names no zone', () => {
    expect(getTimeZoneHint({ timeZone: 'Asia/Tokyo', startDate: '' })).toBe(
      'Times are in Asia/Tokyo (GMT+9)',
    );
    expect(getTimeZoneHint({ timeZone: 'Asia/Tok', startDate: '' })).toBeUndefined();
  });
});

describe('the body of a race with an entry fee', () => {
  /** €45 from 1 Feb, €35 before, €25 before 15 Jan; on site or online; half back until 20 Feb. */
  const paid: Marathon = {
    ...inTokyo,
    entryFee: 4500,
    currency: 'EUR',
    priceTiers: [
      { until: '2027-01-15T00:00:00.000Z', entryFee: 2500 },
      { until: '2027-02-01T03:00:30.500Z', entryFee: 3500 },
    ],
    paymentMethods: ['online', 'on_site'],
    refundPolicy: { percent: 50, until: '2027-02-20T00:00:00.000Z' },
  };

  it('prefills amounts in euros and dates as the race’s clocks read them, and sends them back as stored', () => {
    const values = marathonToFormValues(paid);
    expect(values.prices).toMatchObject({
      entryFee: '45.00',
      currency: 'EUR',
      priceTiers: [
        { until: '2027-01-15T09:00', entryFee: '25.00' },
        { until: '2027-02-01T12:00', entryFee: '35.00' },
      ],
      paymentMethods: ['online', 'on_site'],
      refundPercent: '50',
      refundUntil: '2027-02-20T09:00',
    });
    const input = formValuesToInput(values);
    expect(input).toMatchObject({
      entryFee: 4500,
      currency: 'EUR',
      // The second tier's end, to the millisecond, though the form shows it to the minute.
      priceTiers: paid.priceTiers,
      paymentMethods: ['online', 'on_site'],
      refundPolicy: paid.refundPolicy,
    });
    expect(checkMarathonInput(input).success).toBe(true);
  });

  it('sends a tier’s changed end as the instant its new wall-clock time is in the race’s zone', () => {
    const values = marathonToFormValues(paid);
    const [first, second] = values.prices.priceTiers;
    const moved = formValuesToInput({
      ...values,
      prices: { ...values.prices, priceTiers: [first!, { ...second!, until: '2027-02-01T18:00' }] },
    });
    expect(moved.priceTiers?.[1]?.until).toBe('2027-02-01T09:00:00.000Z');
  });

  it('sends yen as whole yen, and a new race’s fee in euros by default', () => {
    const yen = { ...EMPTY_FORM, prices: { ...EMPTY_FORM.prices, currency: 'JPY', entryFee: '4500' } };
    expect(formValuesToInput(yen)).toMatchObject({ entryFee: 4500, currency: 'JPY' });
    expect(formValuesToInput(EMPTY_FORM)).toMatchObject({ entryFee: 0, currency: 'EUR', priceTiers: [] });
  });

  it('leaves the ways to pay and the refund policy out for a free race, and sends them with a fee', () => {
    expect(formValuesToInput(EMPTY_FORM)).not.toHaveProperty('paymentMethods');
    expect(formValuesToInput(EMPTY_FORM)).not.toHaveProperty('refundPolicy');
    const charged = { ...EMPTY_FORM, prices: { ...EMPTY_FORM.prices, entryFee: '45' } };
    expect(formValuesToInput(charged)).toMatchObject({
      entryFee: 4500,
      paymentMethods: ['online'],
      refundPolicy: { percent: 0, until: null },
    });
  });

  it('asks for an amount where a fee cannot be read, and names a tier’s fields by their place', () => {
    const values = marathonToFormValues(paid);
    const input = formValuesToInput({
      ...values,
      prices: {
        ...values.prices,
        entryFee: '45.001',
        priceTiers: [
          { ...values.prices.priceTiers[0]!, until: '' },
          { ...values.prices.priceTiers[1]!, entryFee: '' },
        ],
        refundPercent: '120',
      },
    });
    const result = checkMarathonInput(input);
    expect(fieldErrorsFromIssues(result.success ? [] : result.error.issues)).toEqual({
      entryFee: 'Enter an amount such as 45.00, up to €100,000.00',
      'priceTiers.0.until': 'A price tier’s end is required',
      'priceTiers.1.entryFee': 'Enter an amount such as 45.00, up to €100,000.00',
      'refundPolicy.percent': 'The refund percentage must be a whole number from 0 to 100',
    });
  });
});

describe('the body of a race’s places: entry by ballot and transfers', () => {
  /** Entries close 20 Feb 18:30 in Tokyo; drawn 21 Feb 09:00 there, to the millisecond; transfers until 10 Mar. */
  const byBallot: Marathon = {
    ...inTokyo,
    entryMode: 'ballot',
    ballotDrawAt: '2027-02-21T00:00:00.250Z',
    transfersUntil: '2027-03-10T03:00:00.000Z',
  };

  it('start first come, without transfers', () => {
    expect(EMPTY_FORM).toMatchObject({ entryMode: 'first_come', ballotDrawAt: '', transfersUntil: '' });
    expect(formValuesToInput(EMPTY_FORM)).toMatchObject({
      entryMode: 'first_come',
      ballotDrawAt: null,
      transfersUntil: null,
    });
  });

  it('prefill the draw and the transfer deadline as the race’s clocks read them, and send them back as stored', () => {
    const values = marathonToFormValues(byBallot);
    expect(values).toMatchObject({
      entryMode: 'ballot',
      ballotDrawAt: '2027-02-21T09:00',
      transfersUntil: '2027-03-10T12:00',
    });
    const input = formValuesToInput(values);
    expect(input).toMatchObject({
      entryMode: 'ballot',
      ballotDrawAt: byBallot.ballotDrawAt,
      transfersUntil: byBallot.transfersUntil,
    });
    expect(checkMarathonInput(input).success).toBe(true);
  });

  it('send a changed date as its wall-clock time in the race’s zone, and an emptied deadline as no transfers', () => {
    const values = marathonToFormValues(byBallot);
    expect(
      formValuesToInput({ ...values, ballotDrawAt: '2027-02-22T10:30', transfersUntil: '' }),
    ).toMatchObject({ ballotDrawAt: '2027-02-22T01:30:00.000Z', transfersUntil: null });
  });

  it('send no draw date for a race moved back to first come', () => {
    const values = { ...marathonToFormValues(byBallot), entryMode: 'first_come' as const };
    expect(formValuesToInput(values)).toMatchObject({ entryMode: 'first_come', ballotDrawAt: null });
  });

  it('let the schema ask for a draw date, after the end of entries, and a transfer deadline by the start', () => {
    const values = marathonToFormValues(byBallot);
    const errorsOf = (changes: Partial<typeof values>) => {
      const result = checkMarathonInput(formValuesToInput({ ...values, ...changes }));
      return fieldErrorsFromIssues(result.success ? [] : result.error.issues);
    };
    expect(errorsOf({ ballotDrawAt: '' })).toEqual({ ballotDrawAt: 'Ballot Draw Date is required' });
    expect(errorsOf({ ballotDrawAt: '2027-02-20T18:00' })).toEqual({
      ballotDrawAt: 'Ballot Draw Date must be after the End Registration Date',
    });
    expect(errorsOf({ transfersUntil: '2027-03-14T09:30' })).toEqual({
      transfersUntil: 'Transfer Deadline must not be after the Marathon Start Date',
    });
  });
});
