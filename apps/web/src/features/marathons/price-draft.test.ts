import { describe, expect, it } from 'vitest';
import { chargesFee, currencyChoices, newPriceDraft, newPriceTier, priceIssueMessage } from './price-draft';

describe('the currency choices', () => {
  it('name each code, euros first', () => {
    const choices = currencyChoices('EUR');
    expect(choices[0]).toEqual({ value: 'EUR', label: 'EUR — Euro' });
    expect(choices).toContainEqual({ value: 'JPY', label: 'JPY — Japanese Yen' });
  });

  it('keep a stored race’s less common currency, at the top', () => {
    expect(currencyChoices('ISK')[0]).toEqual({ value: 'ISK', label: 'ISK — Icelandic Króna' });
    expect(currencyChoices('EUR').some((choice) => choice.value === 'ISK')).toBe(false);
  });
});

describe('chargesFee', () => {
  const draft = newPriceDraft();

  it('is false for a free race: no fee, or 0, in no tier', () => {
    expect(chargesFee(draft)).toBe(false);
    expect(chargesFee({ ...draft, entryFee: '0.00' })).toBe(false);
    expect(chargesFee({ ...draft, priceTiers: [{ ...newPriceTier(), entryFee: '0' }] })).toBe(false);
  });

  it('is true once a fee is typed, in a tier too, or while one cannot be read', () => {
    expect(chargesFee({ ...draft, entryFee: '45' })).toBe(true);
    expect(chargesFee({ ...draft, priceTiers: [{ ...newPriceTier(), entryFee: '25.00' }] })).toBe(true);
    expect(chargesFee({ ...draft, priceTiers: [newPriceTier()] })).toBe(true);
    expect(chargesFee({ ...draft, entryFee: 'free?' })).toBe(true);
  });
});

describe('priceIssueMessage', () => {
  it('asks for a refused fee as an amount in the currency', () => {
    expect(priceIssueMessage(['entryFee'], 'minor units', 'JPY')).toBe(
      'Enter an amount such as 4500, up to ¥10,000,000',
    );
    expect(priceIssueMessage(['priceTiers', 2, 'entryFee'], 'minor units', 'EUR')).toBe(
      'Enter an amount such as 45.00, up to €100,000.00',
    );
  });

  it('leaves every other message as the schema says it', () => {
    expect(
      priceIssueMessage(['priceTiers', 0, 'until'], 'Price tiers must end in ascending order', 'EUR'),
    ).toBe('Price tiers must end in ascending order');
    expect(priceIssueMessage(['entryFee'], 'minor units', 'XYZ')).toBe('minor units');
  });
});
