import { describe, expect, it } from 'vitest';
import { getPriceText } from './race-price';

const race = { entryFee: 5500, priceTiers: [], currency: 'EUR', timeZone: 'Europe/Lisbon' };
const earlyBird = {
  ...race,
  priceTiers: [
    { until: '2030-03-01T00:00:00.000Z', entryFee: 3500 },
    { until: '2030-04-01T00:00:00.000Z', entryFee: 4500 },
  ],
};
const at = (iso: string) => new Date(iso);

describe('getPriceText', () => {
  it('says "Free" for a free race, and nothing of a next fee', () => {
    expect(getPriceText({ ...race, entryFee: 0 }, at('2030-01-01T00:00:00.000Z'))).toEqual({
      fee: 'Free',
      next: null,
    });
  });

  it("gives the fee in the race's currency", () => {
    expect(getPriceText(race, at('2030-01-01T00:00:00.000Z'))).toEqual({ fee: '€55.00', next: null });
    expect(
      getPriceText({ ...race, entryFee: 4500, currency: 'JPY' }, at('2030-01-01T00:00:00.000Z')),
    ).toEqual({
      fee: '¥4,500',
      next: null,
    });
  });

  it('gives the tier in force and the next fee from its date, race-local', () => {
    expect(getPriceText(earlyBird, at('2030-02-01T00:00:00.000Z'))).toEqual({
      fee: '€35.00',
      next: '€45.00 from Fri 1 Mar 2030, 00:00 WET',
    });
    // Lisbon is on summer time by April.
    expect(getPriceText(earlyBird, at('2030-03-01T00:00:00.000Z'))).toEqual({
      fee: '€45.00',
      next: '€55.00 from Mon 1 Apr 2030, 01:00 WEST',
    });
    expect(getPriceText(earlyBird, at('2030-04-01T00:00:00.000Z'))).toEqual({ fee: '€55.00', next: null });
  });

  it('says a free early tier is free', () => {
    const freeFirst = { ...race, priceTiers: [{ until: '2030-03-01T00:00:00.000Z', entryFee: 0 }] };
    expect(getPriceText(freeFirst, at('2030-02-01T00:00:00.000Z'))).toEqual({
      fee: 'Free',
      next: '€55.00 from Fri 1 Mar 2030, 00:00 WET',
    });
  });
});
