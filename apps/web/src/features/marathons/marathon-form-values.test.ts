import { createMarathonSchema, MARATHON_FIELD_LABELS, type Marathon } from '@stride/shared';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../../lib/form-errors';
import {
  EMPTY_MARATHON_FORM,
  capacityToInput,
  formValuesToInput,
  marathonToFormValues,
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
};

describe('the marathon form values', () => {
  it('start empty with the default distance 10k', () => {
    expect(EMPTY_MARATHON_FORM).toMatchObject({ title: '', startDate: null, distance: '10k' });
  });

  it('send the dates as ISO strings, and round-trip a stored marathon', () => {
    const input = formValuesToInput(marathonToFormValues(stored));
    expect(input).toEqual({
      title: stored.title,
      startRegDate: stored.startRegDate,
      endRegDate: stored.endRegDate,
      startDate: stored.startDate,
      location: stored.location,
      distance: '3k',
      description: stored.description,
      image: stored.image,
      capacity: 10,
    });
    expect(createMarathonSchema.safeParse(input).success).toBe(true);
  });

  it('send an empty Participant Limit as null (no limit), and prefill none as empty', () => {
    expect(EMPTY_MARATHON_FORM.capacity).toBe('');
    expect(formValuesToInput(EMPTY_MARATHON_FORM).capacity).toBeNull();
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
    const result = createMarathonSchema.safeParse(formValuesToInput(EMPTY_MARATHON_FORM));
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
