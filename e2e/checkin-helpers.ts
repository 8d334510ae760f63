import { writeFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { Marathon, Registration, Roster } from '@stride/shared';
import QRCode from 'qrcode';
import { createMarathonViaApi, registerViaApi } from './api-helpers';
import { expect, test as base, type TestUser } from './fixtures';
import { mailsTo } from './mail-helpers';

/** A runner registered for the race: their entry (with its bib and check-in code) and name. */
export type Runner = Registration & { bib: number; checkinCode: string };

type Names = ReadonlyArray<{ firstName: string; lastName: string }>;

async function postJson(request: APIRequestContext, baseURL: string, url: string, data: object) {
  const response = await request.post(url, { data, headers: { Origin: baseURL } });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/**
 * A race of `request`'s signed-in organizer, in `timeZone`, with one registered runner per name, each from an
 * account of their own (a request context that is then closed).
 */
export async function raceWithRunners(
  request: APIRequestContext,
  newRequest: () => Promise<APIRequestContext>,
  baseURL: string,
  makeUser: () => TestUser,
  names: Names,
  timeZone = 'America/New_York',
): Promise<{ race: Marathon; runners: Runner[] }> {
  const race = await createMarathonViaApi(request, baseURL, { timeZone });
  const runners: Runner[] = [];
  for (const name of names) {
    const runnerRequest = await newRequest();
    const user = makeUser();
    await postJson(runnerRequest, baseURL, '/api/auth/sign-up/email', {
      name: user.name,
      email: user.email,
      password: user.password,
    });
    const registration = await registerViaApi(runnerRequest, baseURL, race._id, name);
    await runnerRequest.dispose();
    expect(registration.status).toBe('registered');
    runners.push(registration as Runner);
  }
  return { race, runners };
}

/**
 * Makes `member` (signed in on `memberRequest`) a check-in volunteer of the race: the organizer invites them, and
 * they accept with the token of the invitation mail.
 */
export async function addCheckinVolunteer(
  organizerRequest: APIRequestContext,
  memberRequest: APIRequestContext,
  baseURL: string,
  raceId: string,
  member: TestUser,
) {
  const invited = (await postJson(organizerRequest, baseURL, `/api/marathons/${raceId}/staff`, {
    email: member.email,
    role: 'checkin',
  })) as { _id: string };
  let token = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(memberRequest, member.email)).at(-1);
      token =
        /team-invitations\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text.replace(/=\r?\n/g, '') ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  await postJson(memberRequest, baseURL, `/api/staff/${invited._id}/accept`, {
    token: decodeURIComponent(token),
  });
}

/** The race's roster as the server has it now. */
export async function rosterOf(request: APIRequestContext, raceId: string): Promise<Roster> {
  const response = await request.get(`/api/marathons/${raceId}/checkin/roster`);
  if (!response.ok()) throw new Error(`GET roster answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as Roster;
}

/** An instant as the race's clocks show it, "07:42", computed apart from the app's own code. */
export function raceClock(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(instant));
}

/** The check-in screen's main parts. */
export const checkinScreen = (page: Page) => ({
  result: page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Next scan' }) }),
  search: page.getByLabel('Bib or name'),
  device: page.getByLabel('This device'),
  /** The "Check in" button of the runner listed with this name. */
  checkInButton: (name: string) =>
    page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Check in' }),
});

/** Opens the race's check-in screen and waits for its roster: no one checked in yet of `total` runners. */
export async function openCheckin(page: Page, raceId: string, total = 3) {
  await page.goto(`/checkin/${raceId}`);
  await expect(page.getByText(`0 of ${total} checked in`)).toBeVisible();
}

/** Searches the roster for `query` and checks in the runner listed as `name`; waits for the result. */
export async function checkInBySearch(page: Page, query: string, name: string) {
  const screen = checkinScreen(page);
  await screen.search.fill(query);
  await screen.checkInButton(name).click();
  await expect(screen.result).toBeVisible();
}

/** Goes on to the next scan: the result leaves the screen. */
export async function nextScan(page: Page) {
  await page.getByRole('button', { name: 'Next scan' }).click();
  await expect(checkinScreen(page).result).toHaveCount(0);
}

/** A second signed-in phone: a context of its own, logged in as `user` (signed up first when `signUp`). */
export async function secondPhone(
  browser: Browser,
  baseURL: string,
  user: TestUser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  await postJson(context.request, baseURL, '/api/auth/sign-in/email', {
    email: user.email,
    password: user.password,
  });
  return { context, page: await context.newPage() };
}

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) showing the QR code of `text`:
 * Y4M, one 4:2:0 frame (the camera loops it), black modules on white with a quiet zone, the chroma planes grey.
 */
export async function writeQrVideo(file: string, text: string) {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quietZone = 4;
  const scale = Math.floor(Math.min(width, height) / (modules.size + 2 * quietZone));
  const left = Math.floor((width - modules.size * scale) / 2);
  const top = Math.floor((height - modules.size * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * width + left + col * scale;
        luma.fill(0, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`);
  await writeFile(file, Buffer.concat([header, luma, chroma]));
}

export const NAMES = [
  { firstName: 'Eve', lastName: 'Runner' },
  { firstName: 'Sam', lastName: 'Lee' },
  { firstName: 'Zoë', lastName: 'García' },
] as const;
export const fullName = (runner: Pick<Runner, 'firstName' | 'lastName'>) =>
  `${runner.firstName} ${runner.lastName}`;

/** The check-in journeys' fixtures. */
export const test = base.extend<{
  /** A fresh account signed in in the page's context: the race's organizer. */
  organizer: TestUser;
  /** The organizer's race (America/New_York) with the three runners of NAMES, registered in that order. */
  raceDay: { race: Marathon; runners: Runner[] };
}>({
  organizer: async ({ page, uniqueUser, signUpViaApi }, use) => {
    const user = uniqueUser();
    await signUpViaApi(page.request, user);
    await use(user);
  },
  raceDay: async ({ page, organizer: _organizer, playwright, baseURL, uniqueUser }, use) => {
    await use(
      await raceWithRunners(
        page.request,
        () => playwright.request.newContext({ baseURL: baseURL! }),
        baseURL!,
        uniqueUser,
        NAMES,
      ),
    );
  },
});
