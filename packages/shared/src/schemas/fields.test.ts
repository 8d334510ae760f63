import { describe, expect, it } from 'vitest';
import { displayNameSchema, photoUrlSchema } from './auth.js';
import { createMarathonSchema, updateMarathonSchema } from './marathon.js';
import { createRegistrationSchema, updateRegistrationSchema } from './registration.js';

const validMarathon = {
  title: 'Capital City Marathon',
  startRegDate: '2030-01-01T00:00:00.000Z',
  endRegDate: '2030-02-01T00:00:00.000Z',
  startDate: '2030-03-01T00:00:00.000Z',
  location: 'Lisbon',
  distance: '10k',
  description: 'Along the river.',
  image: 'https://example.org/poster.png',
};

const validRegistration = {
  marathonId: '00000000-0000-4000-8000-000000000000',
  firstName: 'Ada',
  lastName: 'Runner',
  contact: '+351 912 345 678',
  info: '',
};

/** The fields and messages a schema refused the value with. */
function refusals(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return (result.error?.issues ?? []).map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
  }));
}

describe('text fields refuse control characters (PostgreSQL cannot store U+0000)', () => {
  it.each([
    ['title', 'Marathon Title'],
    ['location', 'Location'],
    ['description', 'Marathon Description'],
    ['image', 'Marathon Image URL'],
  ])('marathon %s', (field, label) => {
    const value = field === 'image' ? 'https://example.org/a\u0000.png' : 'Lis\u0000bon';
    const expected = [{ field, message: `${label} must not contain control characters` }];
    expect(refusals(createMarathonSchema.safeParse({ ...validMarathon, [field]: value }))).toEqual(expected);
    expect(refusals(updateMarathonSchema.safeParse({ [field]: value }))).toEqual(expected);
  });

  it.each([
    ['firstName', 'First Name'],
    ['lastName', 'Last Name'],
    ['info', 'Info'],
  ])('registration %s', (field, label) => {
    const expected = [{ field, message: `${label} must not contain control characters` }];
    const body = { ...validRegistration, [field]: 'A\u0000da' };
    expect(refusals(createRegistrationSchema.safeParse(body))).toEqual(expected);
    expect(refusals(updateRegistrationSchema.safeParse({ [field]: 'A\u0000da' }))).toEqual(expected);
  });

  it('registration contact', () => {
    const result = createRegistrationSchema.safeParse({ ...validRegistration, contact: '123\u00004567' });
    expect(refusals(result).map((refusal) => refusal.field)).toEqual(['contact']);
  });

  it('the account name and photo URL', () => {
    expect(refusals(displayNameSchema.safeParse('Ada\u0000'))).toEqual([
      { field: '', message: 'Name must not contain control characters' },
    ]);
    expect(refusals(photoUrlSchema.safeParse('https://example.org/\u0000'))).toEqual([
      { field: '', message: 'Photo URL must not contain control characters' },
    ]);
  });

  it('keeps tabs and line breaks, which descriptions and notes use', () => {
    const result = createMarathonSchema.safeParse({ ...validMarathon, description: 'Start\tline\r\nFinish' });
    expect(result.success).toBe(true);
    expect(createRegistrationSchema.safeParse({ ...validRegistration, info: 'a\nb' }).success).toBe(true);
  });
});

describe('dates are limited to the years 1900–2200', () => {
  it.each([
    '+010000-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '1899-12-31T23:59:59Z',
    '2201-01-01T00:00:00Z',
  ])('%s is refused with a message naming the field and the range', (date) => {
    expect(refusals(updateMarathonSchema.safeParse({ startDate: date }))).toEqual([
      {
        field: 'startDate',
        message: 'Marathon Start Date must be a date between the years 1900 and 2200',
      },
    ]);
  });

  it.each(['1900-01-01T00:00:00Z', '2200-12-31T23:59:59Z'])('%s, at the edge, is accepted', (date) => {
    const result = updateMarathonSchema.safeParse({ startRegDate: date });
    expect(result.success).toBe(true);
  });
});
