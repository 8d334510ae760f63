import { describe, expect, it } from 'vitest';
import type { Gender, ResultStatus } from '@stride/shared';
import {
  type RankedResult,
  type UnrankedResult,
  filterCountsOf,
  filterKey,
  firstOrdinalOf,
  rankResults,
  rankingMs,
  resultOf,
  summaryOf,
} from './places.js';

/** `H:MM:SS` or `H:MM:SS.s` in milliseconds (a reader of its own, so these tests don't lean on parseRaceTime). */
function ms(time: string): number {
  const [hours, minutes, seconds] = time.split(':').map(Number);
  return Math.round(((hours! * 60 + minutes!) * 60 + seconds!) * 1000);
}

const F = 'female';
const M = 'male';
const X = 'nonbinary';

type Row = [
  bib: number,
  gender: Gender | null,
  ageGroup: string | null,
  chip: string | null,
  gun: string | null,
  status: ResultStatus,
];

const runner = ([bib, gender, ageGroup, chip, gun, status]: Row): UnrankedResult => ({
  registrationId: `reg-${bib}`,
  bib,
  firstName: `First${bib}`,
  lastName: `Last${bib}`,
  gender,
  ageGroup,
  chipMs: chip === null ? null : ms(chip),
  gunMs: gun === null ? null : ms(gun),
  status,
});

const byBib = (ranked: readonly RankedResult[]) => new Map(ranked.map((result) => [result.bib, result]));

/**
 * The division table: 30 runners of a 10k, in bib order (not the order they finished). Three of them have no chip
 * time and rank by their gun time (125, 127, 126); 103/120, 109/118/122, 110/127 and 111/119 tie on the ranking
 * time; 114 (DNF) and 123 (DQ) have times faster than any finisher's.
 */
const RUNNERS: Row[] = [
  [101, F, '40–49', '0:39:15', '0:39:20', 'FIN'],
  [102, F, '30–39', '0:47:30', '0:48:00', 'FIN'],
  [103, F, '30–39', '0:36:40', '0:36:41', 'FIN'],
  [104, null, '40–49', '0:41:30', '0:41:31', 'FIN'],
  [105, F, '50–59', '0:44:00', '0:44:10', 'FIN'],
  [106, M, '40–49', '0:58:45.5', '0:59:00', 'FIN'],
  [107, M, '30–39', '0:34:10', '0:34:12', 'FIN'],
  [108, M, '60+', '0:50:00', '0:50:30', 'FIN'],
  [109, F, '30–39', '0:40:00', '0:40:05', 'FIN'],
  [110, M, '40–49', '0:42:00', '0:42:45', 'FIN'],
  [111, M, '30–39', '0:52:10', '0:52:40', 'FIN'],
  [112, M, '18–29', '0:35:05', '0:35:09', 'FIN'],
  [113, M, '50–59', '0:45:10', '0:45:11', 'FIN'],
  [114, F, '30–39', '0:30:00', null, 'DNF'],
  [115, X, '30–39', '0:38:00', '0:38:30', 'FIN'],
  [116, X, null, '0:43:20', '0:43:25', 'FIN'],
  [117, M, '18–29', null, null, 'DNS'],
  [118, F, '30–39', '0:40:00', '0:40:30', 'FIN'],
  [119, F, '60+', '0:52:10', '0:52:15', 'FIN'],
  [120, M, '40–49', '0:36:40', '0:36:50', 'FIN'],
  [121, X, '30–39', '0:46:00', '0:46:40', 'FIN'],
  [122, M, null, '0:40:00', '0:40:02', 'FIN'],
  [123, M, '30–39', '0:33:00', '0:33:05', 'DQ'],
  [124, null, null, '0:48:00', '0:48:05', 'FIN'],
  [125, M, '30–39', null, '0:39:50', 'FIN'],
  [126, F, '50–59', null, '0:55:00', 'FIN'],
  [127, F, '40–49', null, '0:42:00', 'FIN'],
  [128, M, '40–49', null, null, 'DNF'],
  [129, F, '40–49', null, null, 'DQ'],
  [130, null, null, null, null, 'DNS'],
];

/**
 * Worked out by hand under chip ranking, in the order the results are read; ties share a place and the next is
 * skipped. Genders: F 103, 101, 109 and 118 (both 3rd), 127 (5th), 105, 102, 119, 126; M 107, 112, 120, 125, 122,
 * 110, 113, 108, 111, 106; X 115, 116, 121. Divisions: F 30–39 103, 109 and 118 (both 2nd), 102 (4th); F 40–49
 * 101, 127; F 50–59 105, 126; M 30–39 107, 125, 111; M 40–49 120, 110, 106; X 30–39 115, 121; the others alone.
 * Without a gender no gender or division place; without an age group no division place.
 */
const CHIP_TABLE: Array<
  [
    ordinal: number,
    bib: number,
    place: number | null,
    genderPlace: number | null,
    ageGroupPlace: number | null,
  ]
> = [
  [1, 107, 1, 1, 1],
  [2, 112, 2, 2, 1],
  [3, 103, 3, 1, 1],
  [4, 120, 3, 3, 1],
  [5, 115, 5, 1, 1],
  [6, 101, 6, 2, 1],
  [7, 125, 7, 4, 2],
  [8, 109, 8, 3, 2],
  [9, 118, 8, 3, 2],
  [10, 122, 8, 5, null],
  [11, 104, 11, null, null],
  [12, 110, 12, 6, 2],
  [13, 127, 12, 5, 2],
  [14, 116, 14, 2, null],
  [15, 105, 15, 6, 1],
  [16, 113, 16, 7, 1],
  [17, 121, 17, 3, 2],
  [18, 102, 18, 7, 4],
  [19, 124, 19, null, null],
  [20, 108, 20, 8, 1],
  [21, 111, 21, 9, 3],
  [22, 119, 21, 8, 1],
  [23, 126, 23, 9, 2],
  [24, 106, 24, 10, 3],
  [25, 114, null, null, null],
  [26, 128, null, null, null],
  [27, 117, null, null, null],
  [28, 130, null, null, null],
  [29, 123, null, null, null],
  [30, 129, null, null, null],
];

describe('rankResults: the division table of 30 runners, chip ranking', () => {
  const ranked = byBib(rankResults(RUNNERS.map(runner)));

  it('ranks every runner once', () => {
    expect(ranked.size).toBe(30);
    expect(CHIP_TABLE.map(([, bib]) => bib).sort()).toEqual(RUNNERS.map(([bib]) => bib).sort());
  });

  it.each(CHIP_TABLE)(
    '#%i bib %i: place %s, gender place %s, division place %s',
    (ordinal, bib, place, genderPlace, ageGroupPlace) => {
      expect(ranked.get(bib)!.chip).toEqual({ place, genderPlace, ageGroupPlace, ordinal });
    },
  );

  it('gives the results in the order they came, each with both rankings', () => {
    const results = rankResults(RUNNERS.map(runner));
    expect(results.map((result) => result.bib)).toEqual(RUNNERS.map(([bib]) => bib));
    expect(results[0]).toMatchObject({
      registrationId: 'reg-101',
      firstName: 'First101',
      chipMs: ms('0:39:15'),
    });
    expect(Object.keys(results[0]!.gun).sort()).toEqual(['ageGroupPlace', 'genderPlace', 'ordinal', 'place']);
  });

  it('does not depend on the order of its input', () => {
    const reversed = byBib(rankResults(RUNNERS.map(runner).reverse()));
    for (const [bib, result] of ranked) expect(reversed.get(bib)!.chip, `bib ${bib}`).toEqual(result.chip);
  });
});

/**
 * Chip vs gun: eight runners of a 10k whose order changes with the ranking. Bib 5 has no chip time (ranked by its
 * gun time both ways), bib 6 no gun time (ranked by its chip time both ways), bib 1 crossed the start late.
 */
const CHIP_VS_GUN: Row[] = [
  [1, F, '30–39', '0:40:00', '0:41:30', 'FIN'],
  [2, F, '30–39', '0:40:30', '0:40:35', 'FIN'],
  [3, M, '30–39', '0:39:00', '0:41:00', 'FIN'],
  [4, M, '30–39', '0:40:10', '0:40:20', 'FIN'],
  [5, F, '40–49', null, '0:40:50', 'FIN'],
  [6, M, '40–49', '0:41:00', null, 'FIN'],
  [7, F, '30–39', null, null, 'DNF'],
  [8, M, '30–39', '0:42:00', '0:42:00', 'FIN'],
];

/** By hand: `[bib, chip placing, gun placing]`, each placing `[ordinal, place, genderPlace, ageGroupPlace]`. */
type Placing4 = [ordinal: number, place: number, genderPlace: number, ageGroupPlace: number];
const CHIP_VS_GUN_TABLE: Array<[bib: number, chip: Placing4, gun: Placing4]> = [
  // chip: 3 39:00, 1 40:00, 4 40:10, 2 40:30, 5 40:50, 6 41:00, 8 42:00
  // gun:  4 40:20, 2 40:35, 5 40:50, 3 41:00, 6 41:00 (its chip time; ties 3), 1 41:30, 8 42:00
  [3, [1, 1, 1, 1], [4, 4, 2, 2]],
  [1, [2, 2, 1, 1], [6, 6, 3, 2]],
  [4, [3, 3, 2, 2], [1, 1, 1, 1]],
  [2, [4, 4, 2, 2], [2, 2, 1, 1]],
  [5, [5, 5, 3, 1], [3, 3, 2, 1]],
  [6, [6, 6, 3, 1], [5, 4, 2, 1]],
  [8, [7, 7, 4, 3], [7, 7, 4, 3]],
];

describe('rankResults: chip vs gun ranking', () => {
  const ranked = byBib(rankResults(CHIP_VS_GUN.map(runner)));
  const placing = ([ordinal, place, genderPlace, ageGroupPlace]: Placing4) => ({
    ordinal,
    place,
    genderPlace,
    ageGroupPlace,
  });

  it.each(CHIP_VS_GUN_TABLE)('bib %i: chip %j, gun %j', (bib, chip, gun) => {
    expect(ranked.get(bib)!.chip).toEqual(placing(chip));
    expect(ranked.get(bib)!.gun).toEqual(placing(gun));
  });

  it('puts the DNF last under both, without places', () => {
    expect(ranked.get(7)!.chip).toEqual({ ordinal: 8, place: null, genderPlace: null, ageGroupPlace: null });
    expect(ranked.get(7)!.gun).toEqual({ ordinal: 8, place: null, genderPlace: null, ageGroupPlace: null });
  });
});

describe('rankResults: ties and the runners who did not finish', () => {
  it('shares a place between ties and skips the next (1, 2, 2, 4)', () => {
    const ranked = rankResults(
      (
        [
          [4, M, '30–39', '0:41:00', null, 'FIN'],
          [3, M, '30–39', '0:40:00', null, 'FIN'],
          [2, M, '30–39', '0:40:00', null, 'FIN'],
          [1, M, '30–39', '0:39:00', null, 'FIN'],
        ] satisfies Row[]
      ).map(runner),
    );
    const order = [...ranked].sort((a, b) => a.chip.ordinal - b.chip.ordinal);
    expect(
      order.map((result) => [
        result.bib,
        result.chip.place,
        result.chip.genderPlace,
        result.chip.ageGroupPlace,
      ]),
    ).toEqual([
      [1, 1, 1, 1],
      [2, 2, 2, 2],
      [3, 2, 2, 2],
      [4, 4, 4, 4],
    ]);
  });

  it('ties on tenths of a second only when the tenths are the same', () => {
    const ranked = byBib(
      rankResults(
        (
          [
            [1, F, null, '0:40:00.1', null, 'FIN'],
            [2, F, null, '0:40:00.2', null, 'FIN'],
            [3, F, null, '0:40:00.2', null, 'FIN'],
          ] satisfies Row[]
        ).map(runner),
      ),
    );
    expect([1, 2, 3].map((bib) => ranked.get(bib)!.chip.place)).toEqual([1, 2, 2]);
  });

  it('puts DNF, DNS and DQ after the finishers in that order, each by bib, without places', () => {
    const ranked = rankResults(
      (
        [
          [9, F, '30–39', '0:30:00', '0:30:00', 'DQ'],
          [3, F, '30–39', null, null, 'DQ'],
          [8, F, '30–39', null, null, 'DNS'],
          [2, F, '30–39', '0:35:00', null, 'DNF'],
          [7, F, '30–39', null, null, 'DNF'],
          [5, F, '30–39', null, null, 'DNS'],
          [6, F, '30–39', '0:50:00', null, 'FIN'],
          [4, F, '30–39', null, '0:45:00', 'FIN'],
        ] satisfies Row[]
      ).map(runner),
    );
    for (const rankBy of ['chip', 'gun'] as const) {
      const order = [...ranked].sort((a, b) => a[rankBy].ordinal - b[rankBy].ordinal);
      expect(order.map((result) => [result.bib, result.status, result[rankBy].place])).toEqual([
        [4, 'FIN', 1],
        [6, 'FIN', 2],
        [2, 'DNF', null],
        [7, 'DNF', null],
        [5, 'DNS', null],
        [8, 'DNS', null],
        [3, 'DQ', null],
        [9, 'DQ', null],
      ]);
    }
  });
});

describe('rankingMs', () => {
  it.each([
    ['chip', 1000, 2000, 1000],
    ['gun', 1000, 2000, 2000],
    ['chip', null, 2000, 2000],
    ['gun', 1000, null, 1000],
    ['chip', null, null, null],
    ['gun', null, null, null],
  ] as const)('under %s ranking, chip %s and gun %s rank by %s', (rankBy, chipMs, gunMs, expected) => {
    expect(rankingMs({ chipMs, gunMs }, rankBy)).toBe(expected);
  });
});

describe('resultOf', () => {
  const ranked = byBib(rankResults(RUNNERS.map(runner)));

  it('answers a finisher with times as H:MM:SS (tenths left out), places and pace under the ranking', () => {
    // 3525.5 s / 10 km = 352.55 s → 5:53; gun 3540 s / 10 km = 354 s → 5:54.
    expect(resultOf(ranked.get(106)!, 'chip', '10k')).toEqual({
      registrationId: 'reg-106',
      bib: 106,
      firstName: 'First106',
      lastName: 'Last106',
      gender: 'male',
      ageGroup: '40–49',
      chipTime: 3_525_500,
      gunTime: 3_540_000,
      chipTimeText: '0:58:45',
      gunTimeText: '0:59:00',
      status: 'FIN',
      place: 24,
      genderPlace: 10,
      ageGroupPlace: 3,
      pacePerKm: '5:53',
    });
    expect(resultOf(ranked.get(106)!, 'gun', '10k').pacePerKm).toBe('5:54');
  });

  it('paces a finisher without a chip time by the gun time', () => {
    // 2390 s / 10 km = 239 s → 3:59.
    expect(resultOf(ranked.get(125)!, 'chip', '10k')).toMatchObject({
      chipTime: null,
      gunTime: 2_390_000,
      chipTimeText: null,
      gunTimeText: '0:39:50',
      place: 7,
      pacePerKm: '3:59',
    });
  });

  it('paces over the race’s distance, the marathon’s being 42.195 km', () => {
    const [result] = rankResults([runner([1, F, '40–49', '3:59:59', '4:00:30', 'FIN'])]);
    // 14399 s / 42.195 km = 341.25 s → 5:41; 14399 s / 21.1 km = 682.42 s → 11:22; 14399 s / 3 km = 4799.67 s → 80:00.
    expect(resultOf(result!, 'chip', '42.2k')).toMatchObject({
      chipTimeText: '3:59:59',
      gunTimeText: '4:00:30',
      pacePerKm: '5:41',
    });
    expect(resultOf(result!, 'chip', '21.1k').pacePerKm).toBe('11:22');
    expect(resultOf(result!, 'chip', '3k').pacePerKm).toBe('80:00');
  });

  it('answers a DNF with its times but no places and no pace', () => {
    expect(resultOf(ranked.get(114)!, 'chip', '10k')).toMatchObject({
      status: 'DNF',
      chipTime: 1_800_000,
      chipTimeText: '0:30:00',
      gunTime: null,
      gunTimeText: null,
      place: null,
      genderPlace: null,
      ageGroupPlace: null,
      pacePerKm: null,
    });
  });

  it('answers the places of the ranking asked for', () => {
    const small = byBib(rankResults(CHIP_VS_GUN.map(runner)));
    expect(resultOf(small.get(1)!, 'chip', '10k')).toMatchObject({
      place: 2,
      genderPlace: 1,
      ageGroupPlace: 1,
    });
    expect(resultOf(small.get(1)!, 'gun', '10k')).toMatchObject({
      place: 6,
      genderPlace: 3,
      ageGroupPlace: 2,
    });
  });
});

describe('summaryOf', () => {
  const ranked = rankResults(RUNNERS.map(runner));

  it('counts the finishers, DNF, DNS and DQ', () => {
    expect(summaryOf(ranked, 'chip', '10k')).toMatchObject({ finishers: 24, dnf: 2, dns: 2, dq: 2 });
  });

  it('names the fastest of each gender by the ranking time', () => {
    expect(summaryOf(ranked, 'chip', '10k').fastest).toEqual([
      {
        gender: 'female',
        bib: 103,
        firstName: 'First103',
        lastName: 'Last103',
        time: 2_200_000,
        timeText: '0:36:40',
      },
      {
        gender: 'male',
        bib: 107,
        firstName: 'First107',
        lastName: 'Last107',
        time: 2_050_000,
        timeText: '0:34:10',
      },
      {
        gender: 'nonbinary',
        bib: 115,
        firstName: 'First115',
        lastName: 'Last115',
        time: 2_280_000,
        timeText: '0:38:00',
      },
    ]);
  });

  it('puts the first three of each gender on its podium, in place order', () => {
    const { podiums } = summaryOf(ranked, 'chip', '10k');
    expect(
      podiums.map(({ gender, results }) => [
        gender,
        results.map((result) => [result.bib, result.genderPlace]),
      ]),
    ).toEqual([
      [
        'female',
        [
          [103, 1],
          [101, 2],
          [109, 3],
        ],
      ],
      [
        'male',
        [
          [107, 1],
          [112, 2],
          [120, 3],
        ],
      ],
      [
        'nonbinary',
        [
          [115, 1],
          [116, 2],
          [121, 3],
        ],
      ],
    ]);
    expect(podiums[0]!.results[0]).toEqual(resultOf(byBib(ranked).get(103)!, 'chip', '10k'));
  });

  it('takes the median of the 24 finishers: the mean of the 12th and 13th (110 and 127, both 0:42:00)', () => {
    expect(summaryOf(ranked, 'chip', '10k')).toMatchObject({
      medianTime: 2_520_000,
      medianTimeText: '0:42:00',
    });
  });

  it('summarises under gun ranking with the gun times', () => {
    const small = rankResults(CHIP_VS_GUN.map(runner));
    // gun: 40:20, 40:35, 40:50, 41:00, 41:00, 41:30, 42:00 → the 4th, 41:00; chip: 39:00 … 40:30 (4th) … 42:00.
    expect(summaryOf(small, 'gun', '10k')).toMatchObject({
      finishers: 7,
      dnf: 1,
      medianTime: 2_460_000,
      fastest: [
        { gender: 'female', bib: 2, time: 2_435_000, timeText: '0:40:35' },
        { gender: 'male', bib: 4, time: 2_420_000, timeText: '0:40:20' },
      ],
    });
    expect(summaryOf(small, 'chip', '10k')).toMatchObject({
      medianTime: 2_430_000,
      fastest: [
        { gender: 'female', bib: 1, time: 2_400_000 },
        { gender: 'male', bib: 3, time: 2_340_000 },
      ],
    });
  });

  it.each([
    ['an odd count: the middle one', ['0:45:00', '0:40:00', '0:41:00'], 2_460_000, '0:41:00'],
    [
      'an even count: the mean of the middle two',
      ['0:50:00', '0:40:00', '0:41:00', '0:42:01'],
      2_490_500,
      '0:41:30',
    ],
    ['one finisher', ['0:40:00'], 2_400_000, '0:40:00'],
  ])('takes the median of %s', (_, times, medianTime, medianTimeText) => {
    const rows = times.map((time, index): Row => [index + 1, F, null, time, null, 'FIN']);
    const withOthers = [
      ...rows,
      [90, F, null, '0:10:00', null, 'DNF'] as Row,
      [91, M, null, null, null, 'DNS'] as Row,
    ];
    expect(summaryOf(rankResults(withOthers.map(runner)), 'chip', '10k')).toMatchObject({
      medianTime,
      medianTimeText,
    });
  });

  it('has no median, fastest or podium without finishers', () => {
    const ranked = rankResults(
      (
        [
          [1, F, null, null, null, 'DNS'],
          [2, M, null, '0:30:00', null, 'DNF'],
        ] satisfies Row[]
      ).map(runner),
    );
    expect(summaryOf(ranked, 'chip', '10k')).toEqual({
      finishers: 0,
      dnf: 1,
      dns: 1,
      dq: 0,
      fastest: [],
      medianTime: null,
      medianTimeText: null,
      podiums: [],
    });
  });

  it('leaves out a gender without finishers, and puts fewer than three on a small podium', () => {
    const ranked = rankResults(
      (
        [
          [1, M, null, '0:40:00', null, 'FIN'],
          [2, M, null, '0:41:00', null, 'FIN'],
          [3, null, null, '0:39:00', null, 'FIN'],
        ] satisfies Row[]
      ).map(runner),
    );
    const summary = summaryOf(ranked, 'chip', '10k');
    expect(
      summary.podiums.map(({ gender, results }) => [gender, results.map((result) => result.bib)]),
    ).toEqual([['male', [1, 2]]]);
    expect(summary.fastest.map(({ gender, bib }) => [gender, bib])).toEqual([['male', 1]]);
    expect(summary.finishers).toBe(3);
  });
});

describe('filterCountsOf and firstOrdinalOf: a page’s total and start without counting rows', () => {
  const results = (
    [
      [1, F, '30–39', '0:40:00', null, 'FIN'],
      [2, F, '40–49', '0:41:00', null, 'FIN'],
      [3, M, '30–39', '0:42:00', null, 'FIN'],
      [4, null, null, '0:43:00', null, 'FIN'],
      [5, F, '30–39', null, null, 'DNF'],
      [6, M, null, null, null, 'DNS'],
      [7, M, '40–49', null, null, 'DQ'],
    ] satisfies Row[]
  ).map(runner);
  const counts = filterCountsOf(results);

  it.each([
    [{}, 7],
    [{ status: 'FIN' }, 4],
    [{ status: 'DQ' }, 1],
    [{ gender: F }, 3],
    [{ gender: F, status: 'FIN' }, 2],
    [{ ageGroup: '30–39' }, 3],
    [{ gender: F, ageGroup: '30–39' }, 2],
    [{ gender: F, ageGroup: '30–39', status: 'DNF' }, 1],
    [{ gender: M, ageGroup: '40–49', status: 'FIN' }, 0],
  ] as const)('%o matches %i', (narrowing, expected) => {
    expect(counts[filterKey(narrowing)] ?? 0).toBe(expected);
  });

  it('starts each status where the statuses before it end, as the order has them', () => {
    const ranked = rankResults(results);
    const firstOf = (status: ResultStatus) =>
      Math.min(...ranked.filter((result) => result.status === status).map((result) => result.chip.ordinal));
    for (const status of ['FIN', 'DNF', 'DNS', 'DQ'] as const) {
      expect(firstOrdinalOf(status, counts)).toBe(firstOf(status));
    }
  });
});
