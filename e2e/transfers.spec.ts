import type { APIRequestContext, Page } from '@playwright/test';
import {
  REGISTRATION_FIELD_LABELS as L,
  TRANSFER_MESSAGES,
  type Marathon,
  type Transfer,
} from '@stride/shared';
import { AUTH_MESSAGES } from '../apps/web/src/features/auth/messages';
import { APPLY_LIST_MESSAGES as A } from '../apps/web/src/features/registrations/apply-list-messages';
import { TRANSFER_ACCEPT_MESSAGES as T } from '../apps/web/src/features/registrations/registration-messages';
import { formatDateTime } from '../apps/web/src/lib/dates';
import { expectNoSeriousA11yViolations } from './accessibility';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { answerConfirm, expectAlertAndClose } from './dashboard-helpers';
import { expect, expectAlertShown, expectToastShown, test as base, type TestUser } from './fixtures';
import { mailsTo } from './mail-helpers';

// Issue 35, transfers: a registered runner offers their place from My Apply List; the receiver opens the mailed
// link, signs in, fills in the race's entry form and takes the place (same bib); a used or withdrawn offer is gone.

const DAY_MS = 24 * 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
const TRANSFER_LINK = /https?:\/\/[^\s"<>]+\/transfers\/[^\s"<>]+/;

const test = base.extend<{
  /** A race open for entries whose places may be handed on until five days before its start. */
  race: Marathon;
  /** A fresh account signed in in the page's context, registered for `race` (bib 1) as Sam Sender. */
  sender: { user: TestUser; entryId: string };
}>({
  race: async ({ playwright, baseURL, uniqueUser, signUpViaApi }, use) => {
    const organizer = await playwright.request.newContext({ baseURL: baseURL! });
    await signUpViaApi(organizer, uniqueUser());
    await use(await createMarathonViaApi(organizer, baseURL!, { transfersUntil: fromNow(15 * DAY_MS) }));
    await organizer.dispose();
  },
  sender: async ({ page, baseURL, race, uniqueUser, signUpViaApi }, use) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    const entry = await registerViaApi(page.request, baseURL!, race._id, {
      firstName: 'Sam',
      lastName: 'Sender',
    });
    expect(entry).toMatchObject({ status: 'registered', bib: 1 });
    await use({ user, entryId: entry._id });
  },
});

/** The signed-in runner's row of `race` in My Apply List (opened). */
async function applyListRow(page: Page, race: Pick<Marathon, 'title'>) {
  await page.goto('/dashboard/my-applies');
  return page.getByRole('table', { name: A.caption }).getByRole('row').filter({ hasText: race.title });
}

/** Waits for the offer's mail to `email` about `race`, and returns its link's path. */
async function transferLinkPath(request: APIRequestContext, email: string, race: Pick<Marathon, 'title'>) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await mailsTo(request, email)).find((caught) =>
        caught.subject.endsWith(`offers you their place: ${race.title}`),
      );
      link = TRANSFER_LINK.exec(mail?.text ?? '')?.[0];
      return link;
    })
    .toBeDefined();
  return new URL(link!).pathname;
}

test('a registered runner offers their place in My Apply List; the receiver signs in from the mailed link and takes it', async ({
  page,
  request,
  race,
  sender: _sender,
  uniqueUser,
  signUpViaApi,
  submitLoginForm,
  alertLog,
  errorGuard,
}, testInfo) => {
  const receiver = uniqueUser();
  await signUpViaApi(request, receiver);

  const row = await applyListRow(page, race);
  await expect(row).toContainText(A.transfer.until(formatDateTime(race.transfersUntil, race.timeZone)));
  await row.getByRole('button', { name: `${A.transfer.button}${A.transfer.of(race.title)}` }).click();
  const dialog = page.getByRole('dialog', { name: A.transfer.dialogTitle });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel(A.transfer.email, { exact: true }).fill(receiver.email.toUpperCase());
  await dialog.getByRole('button', { name: A.transfer.submit, exact: true }).click();
  await expectToastShown(alertLog, A.transfer.sent(receiver.email), 'success');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`Offered to ${receiver.email} until `);
  await expect(
    row.getByRole('button', { name: `${A.transfer.withdraw}${A.transfer.withdrawOf(race.title)}` }),
  ).toBeVisible();

  // The receiver, signed out, opens the mailed link: sign in first, then back to the offer.
  const linkPath = await transferLinkPath(page.request, receiver.email, race);
  await page.context().clearCookies();
  await page.goto(linkPath);
  await expect(page).toHaveURL(/\/login$/);
  await submitLoginForm(page, receiver);
  await expect(page).toHaveURL(linkPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.heading('Sam Sender', race.title));
  await page.getByLabel(L.firstName, { exact: true }).fill('Rita');
  await page.getByLabel(L.lastName, { exact: true }).fill('Receiver');
  await page.getByLabel(L.contact, { exact: true }).fill('+1 555 0177');
  // The sign-in's toast gone, for the screenshot.
  await expect(page.getByText(AUTH_MESSAGES.loginSuccess)).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('transfer-accept.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: T.submit, exact: true }).click();
  await expectAlertShown(alertLog, { title: T.acceptedTitle, text: T.acceptedText(race.title) });

  // The place is the receiver's: the same bib, their name.
  await expect(page).toHaveURL('/dashboard/my-applies');
  const receiverRow = page
    .getByRole('table', { name: A.caption })
    .getByRole('row')
    .filter({ hasText: race.title });
  await expect(receiverRow.getByRole('cell', { name: 'Registered · bib 1' })).toBeVisible();
  await expect(receiverRow.getByRole('cell', { name: 'Rita Receiver', exact: true })).toBeVisible();

  // The link is used: it shows no offer any more.
  errorGuard.allowFailedResponse(`/api${linkPath}`, 410);
  await page.goto(linkPath);
  await expect(page.getByRole('heading', { level: 1, name: T.goneHeading })).toBeVisible();
  await expect(page.getByText(TRANSFER_MESSAGES.gone, { exact: true })).toBeVisible();
});

test('an open offer can be withdrawn from My Apply List: the place can be offered again, the old link is gone', async ({
  page,
  baseURL,
  race,
  sender,
  uniqueUser,
  signUpViaApi,
  errorGuard,
}) => {
  const receiver = uniqueUser();
  const offer = await page.request.post(`/api/registrations/${sender.entryId}/transfer`, {
    data: { email: receiver.email },
    headers: { Origin: baseURL! },
  });
  expect(offer.status()).toBe(201);
  const transfer = (await offer.json()) as Transfer;

  const row = await applyListRow(page, race);
  await expect(row).toContainText(
    A.transfer.offered(receiver.email, formatDateTime(transfer.expiresAt, race.timeZone)),
  );
  await row
    .getByRole('button', { name: `${A.transfer.withdraw}${A.transfer.withdrawOf(race.title)}` })
    .click();
  const { confirm, outcome } = A.transfer.withdrawMessages(race.title, receiver.email);
  await answerConfirm(page, confirm, confirm.confirmButton);
  await expectAlertAndClose(page, outcome.doneTitle, TRANSFER_MESSAGES.withdrawn);
  await expect(
    row.getByRole('button', { name: `${A.transfer.button}${A.transfer.of(race.title)}` }),
  ).toBeVisible();
  await expect(row).not.toContainText(receiver.email);

  // The receiver's link no longer offers anything.
  const linkPath = await transferLinkPath(page.request, receiver.email, race);
  await signUpViaApi(page.request, receiver);
  errorGuard.allowFailedResponse(`/api${linkPath}`, 410);
  await page.goto(linkPath);
  await expect(page.getByText(TRANSFER_MESSAGES.gone, { exact: true })).toBeVisible();
});
