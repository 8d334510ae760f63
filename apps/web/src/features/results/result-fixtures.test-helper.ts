import type { Result, ResultsPage } from '@stride/shared';

/** A result as the API answers it; `changes` make it someone else's. */
export function aResult(changes: Partial<Result> = {}): Result {
  return {
    registrationId: 'reg-1',
    bib: 101,
    firstName: 'Ana',
    lastName: 'Lima',
    gender: 'female',
    ageGroup: '40–49',
    chipTime: 12_312_000,
    gunTime: 12_400_000,
    chipTimeText: '3:25:12',
    gunTimeText: '3:26:40',
    status: 'FIN',
    place: 12,
    genderPlace: 3,
    ageGroupPlace: 1,
    pacePerKm: '4:52',
    ...changes,
  };
}

const winner = aResult({
  registrationId: 'reg-w',
  bib: 7,
  firstName: 'Joana',
  lastName: 'Reis',
  chipTimeText: '2:31:04',
  gunTimeText: '2:31:09',
  place: 1,
  genderPlace: 1,
  ageGroupPlace: 1,
});
const manWinner = aResult({
  registrationId: 'reg-m',
  bib: 3,
  firstName: 'Rui',
  lastName: 'Costa',
  gender: 'male',
  chipTimeText: '2:20:45',
  gunTimeText: '2:20:50',
  place: 1,
  genderPlace: 1,
});
const dnf = aResult({
  registrationId: 'reg-dnf',
  bib: 55,
  firstName: 'Tiago',
  lastName: 'Mota',
  gender: 'male',
  ageGroup: null,
  chipTime: null,
  gunTime: null,
  chipTimeText: null,
  gunTimeText: null,
  status: 'DNF',
  place: null,
  genderPlace: null,
  ageGroupPlace: null,
  pacePerKm: null,
});

/** GET …/results: a page of three rows (a finisher, the women's winner, a DNF) and the race's summary. */
export function aResultsPage(changes: Partial<ResultsPage> = {}): ResultsPage {
  return {
    results: [manWinner, winner, aResult(), dnf],
    summary: {
      finishers: 1204,
      dnf: 12,
      dns: 3,
      dq: 1,
      fastest: [],
      medianTime: 15_153_000,
      medianTimeText: '4:12:33',
      podiums: [
        { gender: 'female', results: [winner, aResult({ registrationId: 'reg-2', bib: 8, genderPlace: 2 })] },
        { gender: 'male', results: [manWinner] },
        { gender: 'nonbinary', results: [] },
      ],
    },
    rankBy: 'chip',
    published: true,
    resultsUpdatedAt: '2027-03-14T15:00:00.000Z',
    ageGroups: ['18–29', '30–39', '40–49'],
    ...changes,
  };
}
