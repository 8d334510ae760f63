import { describe, expect, it } from 'vitest';
import { DEFAULT_DISTANCE, DISTANCE_LABELS, DISTANCES } from '../constants.js';
import { createMarathonSchema, marathonListQuerySchema, updateMarathonSchema } from './marathon.js';

const race = {
  title: 'Harbour Marathon',
  startRegDate: '2027-01-01T09:00:00.000Z',
  endRegDate: '2027-03-01T09:00:00.000Z',
  startDate: '2027-04-11T08:00:00.000Z',
  location: 'Valletta',
  distance: '42.2k',
  description: 'Twice round the harbour.',
  image: 'https://example.org/poster.svg',
};

describe('distances', () => {
  it("are docs/SPEC.md's 25k, 10k and 3k and those a marathon platform needs, shortest first", () => {
    expect(DISTANCES).toEqual(['3k', '5k', '10k', '15k', '21.1k', '25k', '30k', '42.2k', '50k', '100k']);
    expect(DEFAULT_DISTANCE).toBe('10k');
  });

  it('read as the marathon and the half marathon by name, the others as written', () => {
    expect(DISTANCE_LABELS['42.2k']).toBe('Marathon (42.2 km)');
    expect(DISTANCE_LABELS['21.1k']).toBe('Half marathon (21.1 km)');
    expect(DISTANCES.filter((distance) => DISTANCE_LABELS[distance] === distance)).toEqual([
      '3k',
      '5k',
      '10k',
      '15k',
      '25k',
      '30k',
      '50k',
      '100k',
    ]);
  });

  it.each(DISTANCES)('a race of %s may be published, changed to and searched for', (distance) => {
    expect(createMarathonSchema.safeParse({ ...race, distance }).success).toBe(true);
    expect(updateMarathonSchema.safeParse({ distance }).success).toBe(true);
    expect(marathonListQuerySchema.safeParse({ distance }).data?.distance).toBe(distance);
  });

  it.each(['42k', '42.2K', '42.2 km', 'marathon', '21k', '1k'])(
    '%s is refused, naming the field',
    (distance) => {
      const result = createMarathonSchema.safeParse({ ...race, distance });

      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          path: ['distance'],
          message: 'Running Distance must be one of 3k, 5k, 10k, 15k, 21.1k, 25k, 30k, 42.2k, 50k, 100k',
        }),
      ]);
      expect(marathonListQuerySchema.safeParse({ distance }).error?.issues[0]?.path).toEqual(['distance']);
    },
  );
});
