import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ENTRY_MESSAGES, NO_REGISTRATION_FIELDS } from '@stride/shared';
import { EntryFormFields } from './entry-form-fields';
import { EMPTY_ENTRY_FORM_VALUES, type EntryFormLayout } from './entry-form-values';

const PLAIN: EntryFormLayout = {
  registrationFields: NO_REGISTRATION_FIELDS,
  tShirtSizes: ['S', 'M'],
  questions: [],
  waiver: null,
  minimumAge: null,
  startDate: '2027-03-14T08:00:00.000Z',
  timeZone: 'UTC',
};

const FULL: EntryFormLayout = {
  ...PLAIN,
  registrationFields: {
    dateOfBirth: 'optional',
    gender: 'required',
    tShirtSize: 'optional',
    emergencyContact: 'required',
  },
  questions: [
    { id: 'club', label: 'Running club', type: 'text', required: false, options: [] },
    { id: 'wave', label: 'Start wave', type: 'select', required: true, options: ['A', 'B'] },
    // A new question of the organizer's draft: no id yet.
    { label: 'Photos allowed', type: 'checkbox', required: false, options: [] },
  ],
  waiver: { text: 'I run at my own risk.', version: 3 },
  minimumAge: 18,
};

const render = (props: Parameters<typeof EntryFormFields>[0]) =>
  renderToStaticMarkup(<EntryFormFields {...props} />);

describe('EntryFormFields', () => {
  it('renders nothing for a race that collects nothing', () => {
    expect(render({ race: PLAIN })).toBe('');
  });

  it('asks exactly what the race collects, grouped, each control named by its label', () => {
    const html = render({ race: FULL });
    for (const legend of ['About you', 'Emergency contact', 'Questions', 'Waiver']) {
      expect(html).toContain(`<legend class="fieldset-legend px-1 text-base">${legend}</legend>`);
    }
    for (const label of [
      'Date of Birth',
      'Gender',
      'T-shirt Size',
      'Emergency Contact Name',
      'Emergency Contact Phone',
      'Running club',
      'Start wave',
      'Photos allowed',
      ENTRY_MESSAGES.acceptWaiver,
    ]) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}</label>`));
    }
    expect(html).toContain('<option value="nonbinary">Non-binary</option>');
    expect(html).toContain('<option value="M">M</option>');
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('Minimum age: 18 on race day (2027-03-14)');
    expect(html).toContain('role="region" aria-label="Waiver" tabindex="0"');
    expect(html).toContain('I run at my own risk.');
  });

  it('marks the required fields; a minimum age makes the date of birth required', () => {
    const html = render({ race: FULL });
    expect(html.match(/aria-hidden="true" class="text-error">\*/g)).toHaveLength(6);
    expect(html).toMatch(/<input [^>]*type="date"[^>]*required=""/);
    expect(render({ race: { ...FULL, minimumAge: null } })).not.toMatch(/type="date"[^>]*required=""/);
  });

  it('says at once that a runner is too young for the race', () => {
    const html = render({ race: FULL, values: { ...EMPTY_ENTRY_FORM_VALUES, dateOfBirth: '2010-01-01' } });
    expect(html).toContain(ENTRY_MESSAGES.tooYoung(18, '2027-03-14'));
    expect(html).toContain('aria-live="polite"');
  });

  it('shows each error beside its field', () => {
    const html = render({
      race: FULL,
      errors: { 'answers.wave': 'Start wave is required', waiverAccepted: ENTRY_MESSAGES.waiver },
    });
    expect(html).toContain('Start wave is required');
    expect(html).toContain(ENTRY_MESSAGES.waiver);
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(2);
  });

  it('previews the form read-only and nameless, the waiver still scrollable', () => {
    const html = render({
      race: FULL,
      preview: true,
      values: { ...EMPTY_ENTRY_FORM_VALUES, dateOfBirth: '2010-01-01' },
    });
    expect(html).not.toContain('name=');
    expect(html.match(/disabled=""/g)).toHaveLength(9);
    expect(html).not.toContain('You must be at least');
    expect(html).toContain('tabindex="0"');
  });

  it('leaves the waiver out when it is not to be accepted (already accepted)', () => {
    expect(render({ race: FULL, asksWaiver: false })).not.toContain('aria-label="Waiver"');
  });
});
