import type { APIRequestContext, Page } from '@playwright/test';
import { STAFF_MESSAGES, type Marathon, type StaffMember, type StaffRole } from '@stride/shared';
import { PARTICIPANTS_MESSAGES as P } from '../apps/web/src/features/participants/participants-messages';
import { TEAM_MESSAGES as M } from '../apps/web/src/features/team/team-messages';
import { expectNoSeriousA11yViolations, useTheme } from './accessibility';
import { createMarathonViaApi } from './api-helpers';
import { answerConfirm, expectAlertAndClose, rowWith, scrollsSideways } from './dashboard-helpers';
import { expectToastShown, test as base, expect, type TestUser } from './fixtures';
import { mailsTo } from './mail-helpers';

// Issue 33: a race's team. The organizer invites from the desk's Team tab, changes a role and removes; the
// invitee answers from the mailed link, then finds the race under "Races I help with".

const INVITATION_LINK = /https?:\/\/[^\s"<>]+\/dashboard\/team-invitations\?token=[^\s"<>&]+/;

const test = base.extend<{
  /** A fresh account signed in in the page's context. */
  pageUser: TestUser;
  /** A fresh account in its own cookie jar: the organizer of the races the page's user is invited to. */
  organizer: { user: TestUser; request: APIRequestContext };
  /** The organizer signed in on `request` invites `email` onto the race's team, over HTTP. */
  invite: (
    request: APIRequestContext,
    race: Pick<Marathon, '_id'>,
    email: string,
    role: StaffRole,
  ) => Promise<StaffMember>;
}>({
  pageUser: async ({ page, uniqueUser, signUpViaApi }, use) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    await use(user);
  },
  organizer: async ({ playwright, baseURL, uniqueUser, signUpViaApi }, use) => {
    const request = await playwright.request.newContext({ baseURL: baseURL! });
    const user = uniqueUser();
    await signUpViaApi(request, user);
    await use({ user, request });
    await request.dispose();
  },
  invite: async ({ baseURL }, use) => {
    await use(async (request, race, email, role) => {
      const response = await request.post(`/api/marathons/${race._id}/staff`, {
        data: { email, role },
        headers: { Origin: baseURL! },
      });
      expect(response.status()).toBe(201);
      return (await response.json()) as StaffMember;
    });
  },
});

const teamPath = (race: Pick<Marathon, '_id'>) => `/dashboard/my-marathons/${race._id}/participants/team`;
const deskTabs = (page: Page) => page.getByRole('navigation', { name: M.tabs.label });
const emailField = (page: Page) => page.getByLabel(M.invite.email, { exact: true });

/** Waits for the invitation mail to `email` about `race`, and returns its link's path and query. */
async function invitationLink(request: APIRequestContext, email: string, race: Pick<Marathon, 'title'>) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await mailsTo(request, email)).find(
        (caught) => caught.subject === `You're invited to help with ${race.title}`,
      );
      link = INVITATION_LINK.exec(mail?.text ?? '')?.[0];
      return link;
    })
    .toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** Fills the invite form and sends it. */
async function submitInvite(page: Page, email: string, role: StaffRole) {
  await emailField(page).fill(email);
  await page.getByLabel(M.invite.role, { exact: true }).selectOption({ label: M.roles[role] });
  await page.getByRole('button', { name: M.invite.submit, exact: true }).click();
}

test('the organizer invites from the Team tab (refusals shown by the field), changes a role and removes a member', async ({
  page,
  baseURL,
  pageUser,
  uniqueUser,
  alertLog,
  errorGuard,
}) => {
  const race = await createMarathonViaApi(page.request, baseURL!);
  const helper = uniqueUser();
  errorGuard.allowFailedResponse(`/api/marathons/${race._id}/staff`, 400);
  errorGuard.allowFailedResponse(`/api/marathons/${race._id}/staff`, 409);

  await page.goto(`/dashboard/my-marathons/${race._id}/participants`);
  await expect(deskTabs(page).getByRole('link', { name: M.tabs.participants })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await deskTabs(page).getByRole('link', { name: M.tabs.team }).click();
  await expect(page).toHaveURL(teamPath(race));
  await expect(page).toHaveTitle(M.tab.title(race.title));
  await expect(page.getByRole('heading', { level: 2, name: M.tab.heading, exact: true })).toBeVisible();
  await expect(page.getByText(M.tab.empty)).toBeVisible();

  // The organizer's own e-mail: a 400 on the field.
  await submitInvite(page, pageUser.email, 'checkin');
  await expect(emailField(page)).toHaveAccessibleDescription(new RegExp(`^${STAFF_MESSAGES.ownEmail}`));
  await expect(emailField(page)).toBeFocused();

  await submitInvite(page, helper.email, 'coorganizer');
  await expectToastShown(alertLog, M.invite.sent(helper.email), 'success');
  const row = rowWith(page, helper.email);
  await expect(row.getByRole('cell')).toHaveText([
    M.tab.noName,
    M.roles.coorganizer,
    M.statuses.invited,
    /.*/,
  ]);
  await expect(emailField(page)).toHaveValue('');

  // The same e-mail again: the 409, by the field.
  await submitInvite(page, helper.email.toUpperCase(), 'checkin');
  await expect(page.getByText(STAFF_MESSAGES.alreadyInvited)).toBeVisible();
  await expect(emailField(page)).toHaveAttribute('aria-invalid', 'true');

  // The invitation mail carries the link to answer it.
  expect(await invitationLink(page.request, helper.email, race)).toMatch(
    /^\/dashboard\/team-invitations\?token=/,
  );

  await row.getByRole('button', { name: `${M.changeRole.button('checkin')} (${helper.email})` }).click();
  await answerConfirm(page, M.changeRole.confirm(helper.email, 'checkin'), 'Yes, change it');
  await expectToastShown(alertLog, M.changeRole.done(helper.email, 'checkin'), 'success');
  await expect(row.getByRole('cell').nth(1)).toHaveText(M.roles.checkin);

  await row.getByRole('button', { name: `${M.remove.button} ${helper.email}` }).click();
  await answerConfirm(page, M.remove.messages(helper.email, 'invited').confirm, 'Yes, remove');
  await expectToastShown(alertLog, M.remove.done(helper.email), 'success');
  await expect(rowWith(page, helper.email)).toHaveCount(0);
  await expect(page.getByText(M.tab.empty)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: M.tab.heading, exact: true })).toBeFocused();
});

test('the invitee opens the mailed link signed in and accepts; the race is under Races I help with, and its desk shows the team read-only', async ({
  page,
  baseURL,
  pageUser,
  organizer,
  invite,
}) => {
  const race = await createMarathonViaApi(organizer.request, baseURL!);
  await invite(organizer.request, race, pageUser.email, 'coorganizer');
  const link = await invitationLink(page.request, pageUser.email, race);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: M.invitations.heading })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: race.title });
  await expect(card).toContainText(M.invitations.invite(organizer.user.name, 'coorganizer'));
  await card.getByRole('button', { name: `${M.invitations.accept}${M.invitations.to(race.title)}` }).click();
  await expect(page.getByRole('status')).toContainText(M.invitations.accepted(race.title, 'coorganizer'));
  await expect(page.getByText(M.invitations.none(pageUser.email))).toHaveCount(0);
  await expect(card).toHaveCount(0);

  await page.getByRole('link', { name: M.invitations.racesLink }).click();
  await expect(page).toHaveURL('/dashboard/team-races');
  await expect(page.getByRole('heading', { level: 1, name: M.races.heading })).toBeVisible();
  const row = rowWith(page, race.title);
  await expect(row.getByRole('cell').nth(1)).toHaveText(M.roles.coorganizer);
  await expect(
    row.getByRole('link', { name: `${M.races.checkIn}${M.races.for(race.title)}` }),
  ).toHaveAttribute('href', `/checkin/${race._id}`);

  // The desk the organizer uses, open to a co-organizer: the race's numbers, and the team without its controls.
  await row.getByRole('link', { name: `${M.races.desk}${M.races.of(race.title)}` }).click();
  await expect(page).toHaveURL(`/dashboard/my-marathons/${race._id}/participants`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${P.pageTitle}:${race.title}`);
  await expect(page.getByRole('region', { name: P.summary.label })).toBeVisible();
  await deskTabs(page).getByRole('link', { name: M.tabs.team }).click();
  await expect(page.getByText(M.tab.readOnly)).toBeVisible();
  await expect(rowWith(page, pageUser.email).getByRole('cell')).toHaveText([
    pageUser.name,
    M.roles.coorganizer,
    M.statuses.active,
    '',
  ]);
  await expect(page.getByRole('button', { name: M.invite.submit, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(`^${M.remove.button}`) })).toHaveCount(0);
});

test('without the mail’s token the page says to open the link; a wrong token is refused; the right one declines', async ({
  page,
  baseURL,
  pageUser,
  organizer,
  invite,
  errorGuard,
}) => {
  const race = await createMarathonViaApi(organizer.request, baseURL!);
  const invitation = await invite(organizer.request, race, pageUser.email, 'checkin');
  const link = await invitationLink(page.request, pageUser.email, race);
  errorGuard.allowFailedResponse(`/api/staff/${invitation._id}/accept`, 404);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Invitations', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/team-invitations');
  const card = page.getByRole('listitem').filter({ hasText: race.title });
  await expect(card).toContainText(M.invitations.invite(organizer.user.name, 'checkin'));
  await expect(page.getByText(M.invitations.openTheMail)).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);

  await page.goto('/dashboard/team-invitations?token=not-the-mailed-one');
  await card.getByRole('button', { name: new RegExp(`^${M.invitations.accept}`) }).click();
  await expectAlertAndClose(page, M.invitations.outcome.refused.title, STAFF_MESSAGES.invitationNotFound);
  await expect(card).toBeVisible();

  await page.goto(link);
  await card.getByRole('button', { name: new RegExp(`^${M.invitations.decline}`) }).click();
  await answerConfirm(page, M.invitations.declineConfirm(race.title), 'Yes, decline');
  await expect(page.getByRole('status')).toHaveText(M.invitations.declined(race.title));
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('link', { name: M.invitations.racesLink })).toHaveCount(0);

  await page.getByRole('link', { name: 'Races I help with', exact: true }).click();
  await expect(page.getByText(M.races.empty)).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Team tab, Races I help with and Invitations have no serious accessibility violations (${theme})`, async ({
    page,
    baseURL,
    pageUser,
    organizer,
    invite,
  }) => {
    await useTheme(page, theme);
    const invitedTo = await createMarathonViaApi(organizer.request, baseURL!);
    await invite(organizer.request, invitedTo, pageUser.email, 'checkin');
    const race = await createMarathonViaApi(page.request, baseURL!);
    await invite(page.request, race, organizer.user.email, 'checkin');

    await page.goto(teamPath(race));
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(rowWith(page, organizer.user.email)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/dashboard/team-invitations?token=from-the-mail');
    await expect(page.getByRole('listitem').filter({ hasText: invitedTo.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/dashboard/team-races');
    await expect(page.getByText(M.races.empty)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the team is cards, and neither the Team tab nor Races I help with scroll sideways', async ({
    page,
    baseURL,
    pageUser,
    organizer,
    invite,
  }) => {
    const race = await createMarathonViaApi(page.request, baseURL!);
    await invite(page.request, race, organizer.user.email, 'coorganizer');
    const helped = await createMarathonViaApi(organizer.request, baseURL!);
    const invitation = await invite(organizer.request, helped, pageUser.email, 'coorganizer');
    const link = await invitationLink(page.request, pageUser.email, helped);
    const token = new URLSearchParams(link.split('?')[1]).get('token');
    const accepted = await page.request.post(`/api/staff/${invitation._id}/accept`, {
      data: { token },
      headers: { Origin: baseURL! },
    });
    expect(accepted.status()).toBe(200);

    await page.goto(teamPath(race));
    const card = page.getByRole('list', { name: M.tab.caption }).getByRole('listitem');
    await expect(card.getByRole('heading', { name: organizer.user.email })).toBeVisible();
    await expect(card.getByRole('button', { name: new RegExp(`^${M.remove.button}`) })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/dashboard/team-races');
    const raceCard = page.getByRole('list', { name: M.races.caption }).getByRole('listitem');
    await expect(raceCard.getByRole('heading', { name: helped.title })).toBeVisible();
    await expect(raceCard.getByRole('link', { name: new RegExp(`^${M.races.desk}`) })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });
});
