import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../../lib/form-errors';
import {
  EMPTY_DISCOUNT_CODE_FORM,
  checkDiscountCode,
  codeState,
  describeDiscount,
  describeUses,
  formValuesToCodeInput,
} from './discount-code-form-values';

const LISBON = { currency: 'EUR', timeZone: 'Europe/Lisbon' };
const TOKYO = { currency: 'JPY', timeZone: 'Asia/Tokyo' };

describe('the Add a code form', () => {
  it('sends a percentage, no limit and no end for empty fields', () => {
    const input = formValuesToCodeInput(
      { ...EMPTY_DISCOUNT_CODE_FORM, code: 'spring', percentOff: '20' },
      LISBON,
    );
    expect(input).toEqual({
      code: 'spring',
      percentOff: 20,
      amountOff: null,
      maxUses: null,
      validUntil: null,
    });
    expect(checkDiscountCode(input, 'EUR')).toEqual({ success: true, data: input });
  });

  it('sends an amount in minor units, a limit, and the end as the race’s clocks read it', () => {
    const values = {
      ...EMPTY_DISCOUNT_CODE_FORM,
      code: 'CLUB',
      kind: 'amount' as const,
      // Left over from choosing a percentage first: not sent.
      percentOff: '20',
      amountOff: '5.50',
      maxUses: '10',
      validUntil: '2027-07-01T09:00',
    };
    expect(formValuesToCodeInput(values, LISBON)).toEqual({
      code: 'CLUB',
      percentOff: null,
      amountOff: 550,
      maxUses: 10,
      validUntil: '2027-07-01T08:00:00.000Z',
    });
    expect(formValuesToCodeInput({ ...values, amountOff: '500' }, TOKYO)).toMatchObject({
      amountOff: 500,
      validUntil: '2027-07-01T00:00:00.000Z',
    });
  });

  it('says in the form’s words what is wrong with each field', () => {
    const input = formValuesToCodeInput(
      { ...EMPTY_DISCOUNT_CODE_FORM, code: 'x!', percentOff: '150', maxUses: '0' },
      LISBON,
    );
    const result = checkDiscountCode(input, 'EUR');
    expect(fieldErrorsFromIssues(result.success ? [] : result.error.issues)).toEqual({
      code: 'A code is 3–32 letters A–Z, digits, - or _',
      percentOff: 'Enter a whole percentage from 1 to 100',
      maxUses: 'Enter a whole number of at least 1, or leave it empty for no limit',
    });
    const amount = formValuesToCodeInput(
      { ...EMPTY_DISCOUNT_CODE_FORM, code: 'YEN', kind: 'amount', amountOff: '5.5' },
      TOKYO,
    );
    const refused = checkDiscountCode(amount, 'JPY');
    expect(fieldErrorsFromIssues(refused.success ? [] : refused.error.issues)).toEqual({
      amountOff: 'Enter an amount such as 500, up to ¥10,000,000',
    });
  });
});

describe('a listed code', () => {
  const code = { percentOff: null, amountOff: 500, uses: 3, maxUses: 10, active: true, validUntil: null };

  it('reads its discount in the race’s currency, and its uses against its limit', () => {
    expect(describeDiscount(code, 'EUR')).toBe('€5.00 off');
    expect(describeDiscount({ percentOff: 20, amountOff: null }, 'EUR')).toBe('20% off');
    expect(describeDiscount(code, 'JPY')).toBe('¥500 off');
    expect(describeUses(code)).toBe('3 / 10');
    expect(describeUses({ uses: 3, maxUses: null })).toBe('3');
  });

  it('is active until removed, past its end or used up', () => {
    const now = new Date('2027-06-01T00:00:00Z');
    expect(codeState(code, now)).toBe('active');
    expect(codeState({ ...code, active: false }, now)).toBe('inactive');
    expect(codeState({ ...code, validUntil: '2027-05-31T23:59:59Z' }, now)).toBe('expired');
    expect(codeState({ ...code, uses: 10 }, now)).toBe('usedUp');
  });
});
