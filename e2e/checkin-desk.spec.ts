import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Marathon, ScanResult } from '@stride/shared';
import { PARTICIPANTS_MESSAGES as M } from '../apps/web/src/features/participants/participants-messages';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { raceClock, test, type Runner } from './checkin-helpers';
import { scrollsSideways } from './dashboard-helpers';
import { expect } from './fixtures';

// Issue 33, the organizer's race desk on race day: how many runners are checked in, when each was, and the
// filter that finds those still to come.

const L = M.list;
const F = M.filters;

/** Checks the runners in over the API, by bib, as a check-in phone does; their check-in times, by entry. */
async function checkInViaApi(
  request: APIRequestContext,
  baseURL: string,
  race: Pick<Marathon, '_id'>,
  runners: readonly Runner[],
): Promise<Map<string, string>> {
  const response = await request.post(`/api/marathons/${race._id}/checkins`, {
    data: { scans: runners.map((runner) => ({ scanId: randomUUID(), bib: runner.bib })) },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: ScanResult[] };
  expect(results.map((result) => result.result)).toEqual(runners.map(() => 'checked_in'));
  return new Map(results.map((result) => [result.registrationId!, result.checkedInAt!]));
}

const participantsPath = (race: Pick<Marathon, '_id'>) => `/dashboard/my-marathons/${race._id}/participants`;
const summary = (page: Page) => page.getByRole('region', { name: M.summary.label });
const registeredTable = (page: Page) => page.getByRole('table', { name: L.caption(L.tabs.registered) });
const checkedInFilter = (page: Page) => page.getByLabel(F.checkedIn, { exact: true });
const rowOf = (page: Page, runner: Runner) =>
  registeredTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: runner.lastName, exact: true }) });

for (const theme of ['light', 'dark'] as const) {
  test(`the desk counts the runners checked in, shows when, and filters those not yet (${theme} theme)`, async ({
    page,
    baseURL,
    raceDay: { race, runners },
  }) => {
    await useTheme(page, theme);
    const [eve, sam, zoe] = runners as [Runner, Runner, Runner];
    const checkedInAt = await checkInViaApi(page.request, baseURL!, race, [eve, zoe]);

    await page.goto(participantsPath(race));
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(summary(page).getByText('2 of 3 checked in')).toBeVisible();

    // The Checked in column: the time of each check-in as the race's clocks read it, "Not yet" for Sam.
    await expect(
      registeredTable(page).getByRole('columnheader', { name: L.columns.checkedIn }),
    ).toBeVisible();
    for (const runner of [eve, zoe]) {
      const at = checkedInAt.get(runner._id)!;
      const time = rowOf(page, runner).locator(`time[datetime="${at}"]`);
      await expect(time).toContainText(raceClock(at, race.timeZone));
    }
    await expect(rowOf(page, sam)).toContainText(L.notCheckedIn);
    await expectNoSeriousA11yViolations(page);

    // Not checked in: Sam alone, and the URL says so.
    await checkedInFilter(page).selectOption({ label: F.checkedInChoices.false });
    await expect(page).toHaveURL(/[?&]checkedIn=false\b/);
    await expect(registeredTable(page).getByRole('rowheader')).toHaveText([sam.lastName]);
    await expect(page.getByText(L.showing(1, 1, 1))).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Checked in: Eve and Zoë; All: everyone again.
    await checkedInFilter(page).selectOption({ label: F.checkedInChoices.true });
    await expect(page).toHaveURL(/[?&]checkedIn=true\b/);
    await expect(registeredTable(page).getByRole('rowheader')).toHaveText([eve.lastName, zoe.lastName]);
    await checkedInFilter(page).selectOption({ label: F.all });
    await expect(page).not.toHaveURL(/checkedIn=/);
    await expect(registeredTable(page).getByRole('rowheader')).toHaveCount(3);

    // The way to the check-in screen, which counts the same.
    await page.getByRole('link', { name: M.checkInRunnersLink }).click();
    await expect(page).toHaveURL(`/checkin/${race._id}`);
    await expect(page.getByText('2 of 3 checked in')).toBeVisible();
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the cards show each check-in, the filter works, and the page does not scroll sideways', async ({
    page,
    baseURL,
    raceDay: { race, runners },
  }) => {
    const [eve, sam, zoe] = runners as [Runner, Runner, Runner];
    const checkedInAt = await checkInViaApi(page.request, baseURL!, race, [eve, zoe]);

    await page.goto(participantsPath(race));
    await expect(summary(page).getByText('2 of 3 checked in')).toBeVisible();
    const cards = page.getByRole('list', { name: L.caption(L.tabs.registered) });
    const card = (runner: Runner) =>
      cards.getByRole('listitem').filter({ has: page.getByRole('heading', { name: runner.lastName }) });
    await expect(cards.getByRole('heading')).toHaveText([eve.lastName, sam.lastName, zoe.lastName]);
    const eveAt = checkedInAt.get(eve._id)!;
    await expect(card(eve).locator(`time[datetime="${eveAt}"]`)).toContainText(
      raceClock(eveAt, race.timeZone),
    );
    await expect(card(sam)).toContainText(L.notCheckedIn);
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);

    await checkedInFilter(page).selectOption({ label: F.checkedInChoices.false });
    await expect(cards.getByRole('heading')).toHaveText([sam.lastName]);
    await expect(page.getByRole('link', { name: M.checkInRunnersLink })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });
});
