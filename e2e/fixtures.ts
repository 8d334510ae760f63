import { randomUUID } from 'node:crypto';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';

export { expect };

export type TestUser = { name: string; email: string; password: string; photoURL: string };

type ErrorGuard = {
  /**
   * The browser logs every 4xx/5xx answer as a console error ("Failed to load resource: … status of 401").
   * A test that provokes one on purpose names it here; any other console error or page error fails the test.
   */
  allowFailedResponse(pathname: string, status: number): void;
  /**
   * A test that cuts the network (`context.setOffline(true)`) names it: the browser logs each request it could not
   * send ("Failed to load resource: net::ERR_INTERNET_DISCONNECTED"), which is then no failure.
   */
  allowOfflineRequests(): void;
};

type Fixtures = {
  /** A new account's details, unique per call, so tests can run in parallel and in any order. */
  uniqueUser: () => TestUser;
  /** Fills and submits the real sign-up form (on /signup, opened unless the page is already there). */
  submitSignUpForm: (page: Page, user: TestUser) => Promise<void>;
  /** Signs up through the real form and waits until the app has moved on from /signup. */
  signUp: (page: Page, user: TestUser) => Promise<void>;
  /** Fills and submits the real login form (on /login, opened unless the page is already there). */
  submitLoginForm: (page: Page, user: TestUser) => Promise<void>;
  /** Logs in through the real form and waits until the app has moved on from /login. */
  logIn: (page: Page, user: TestUser) => Promise<void>;
  /**
   * Creates the account over HTTP. With `page.request` the session cookie lands in the page's context
   * (the user is logged in); with the `request` fixture the account exists but the page stays logged out.
   */
  signUpViaApi: (request: APIRequestContext, user: TestUser) => Promise<void>;
  /** Logs in over HTTP; with `page.request` the page's context is logged in. */
  logInViaApi: (request: APIRequestContext, user: TestUser) => Promise<void>;
  errorGuard: ErrorGuard;
  /** Every SweetAlert2 popup any page of the test showed, in order, reloads included. */
  alertLog: ShownAlert[];
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackOrLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return !protocol.startsWith('http') || LOOPBACK_HOSTS.has(hostname);
}

function makeUser(testInfo: TestInfo, baseURL: string): TestUser {
  const id = `${testInfo.workerIndex}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  return {
    name: `Runner ${id}`,
    email: `runner-${id}@stride.test`,
    password: 'Runner1pass',
    // A loopback image, so the avatar loads without leaving the machine.
    photoURL: `${baseURL}/favicon.svg`,
  };
}

/** The path of the page's current URL. */
const sourcePath = (page: Page) => new URL(page.url()).pathname;

/** A SweetAlert2 popup (toast, alert or confirm) as the user saw it. */
export type ShownAlert = { title: string; text: string; toast: boolean; icon: string | null };

/**
 * Waits until the page has shown an alert like `expected`. Timed alerts and toasts live 1500–2000 ms
 * (docs/SPEC.md §4, §9), shorter than a busy machine may take between two steps of a test, so they are checked
 * against the record of every alert the page showed rather than against what is on screen at that moment.
 */
export async function expectAlertShown(alertLog: ShownAlert[], expected: Partial<ShownAlert>) {
  await expect.poll(() => alertLog).toContainEqual(expect.objectContaining(expected));
}

/** As {@link expectAlertShown}, for a toast with this title (and icon, when given). */
export async function expectToastShown(alertLog: ShownAlert[], title: string, icon?: string) {
  await expectAlertShown(alertLog, { title, toast: true, ...(icon ? { icon } : {}) });
}

/**
 * Accepts the page's next native dialog (alert/confirm) at once and resolves with what it said. Accepting
 * straight away matters: while a dialog is open the page is frozen, and Playwright actions wait on it.
 */
export function acceptNextDialog(page: Page): Promise<{ type: string; message: string }> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve({ type: dialog.type(), message: dialog.message() });
      void dialog.accept();
    });
  });
}

/** The site's main navigation bar. */
export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** What a logged-in navbar shows, and that the logged-out links are gone. */
export async function expectLoggedIn(page: Page, user: TestUser) {
  const nav = mainNav(page);
  await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('img', { name: user.name })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Register' })).toHaveCount(0);
}

/** What a logged-out navbar shows. */
export async function expectLoggedOut(page: Page) {
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
}

async function postAuth(request: APIRequestContext, baseURL: string, endpoint: string, data: object) {
  const response = await request.post(`/api/auth/${endpoint}`, { data, headers: { Origin: baseURL } });
  if (!response.ok()) {
    throw new Error(`POST /api/auth/${endpoint} answered ${response.status()}: ${await response.text()}`);
  }
}

export const test = base.extend<Fixtures>({
  uniqueUser: async ({ baseURL }, use, testInfo) => {
    await use(() => makeUser(testInfo, baseURL!));
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  submitSignUpForm: async ({}, use) => {
    await use(async (page, user) => {
      if (sourcePath(page) !== '/signup') await page.goto('/signup');
      await page.getByLabel('Name', { exact: true }).fill(user.name);
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Photo URL', { exact: true }).fill(user.photoURL);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Register', exact: true }).click();
    });
  },

  signUp: async ({ submitSignUpForm }, use) => {
    await use(async (page, user) => {
      await submitSignUpForm(page, user);
      await expect(page).not.toHaveURL(/\/signup$/);
    });
  },

  // eslint-disable-next-line no-empty-pattern -- as above
  submitLoginForm: async ({}, use) => {
    await use(async (page, user) => {
      if (sourcePath(page) !== '/login') await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
    });
  },

  logIn: async ({ submitLoginForm }, use) => {
    await use(async (page, user) => {
      await submitLoginForm(page, user);
      await expect(page).not.toHaveURL(/\/login$/);
    });
  },

  signUpViaApi: async ({ baseURL }, use) => {
    await use((request, user) =>
      postAuth(request, baseURL!, 'sign-up/email', {
        name: user.name,
        email: user.email,
        password: user.password,
        image: user.photoURL,
      }),
    );
  },

  logInViaApi: async ({ baseURL }, use) => {
    await use((request, user) =>
      postAuth(request, baseURL!, 'sign-in/email', { email: user.email, password: user.password }),
    );
  },

  alertLog: [
    async ({ context }, use) => {
      const shown: ShownAlert[] = [];
      await context.exposeBinding('__strideAlertShown', (_source, alert: ShownAlert) => shown.push(alert));
      await context.addInitScript(() => {
        const reported = new WeakMap<Element, string>();
        const report = (window as unknown as { __strideAlertShown: (alert: ShownAlert) => void })
          .__strideAlertShown;
        new MutationObserver(() => {
          for (const popup of document.querySelectorAll('.swal2-popup')) {
            const title = popup.querySelector('.swal2-title')?.textContent?.trim() ?? '';
            const text = popup.querySelector('.swal2-html-container')?.textContent?.trim() ?? '';
            const seen = `${title}\n${text}`;
            if (!title || reported.get(popup) === seen) continue;
            reported.set(popup, seen);
            const icon = [...popup.classList].find((name) => name.startsWith('swal2-icon-'));
            const toast = popup.classList.contains('swal2-toast');
            report({ title, text, toast, icon: icon?.slice('swal2-icon-'.length) ?? null });
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await use(shown);
    },
    { auto: true },
  ],

  errorGuard: [
    async ({ context }, use) => {
      const allowed: Array<{ pathname: string; status: number }> = [];
      const problems: string[] = [];
      let isOfflineAllowed = false;

      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        const source = message.location().url;
        const sourcePath = source === '' ? '' : new URL(source).pathname;
        // A poster whose uploaded image is gone (images.spec makes one) is a race's data, not the app's
        // failure: the app shows the placeholder. Any test that lists races may meet it.
        const isGonePoster = text.includes('status of 404') && sourcePath.startsWith('/api/images/');
        // A request cut off by the test's offline mode (a service worker's failed fetch reads ERR_FAILED).
        const isCutOff = isOfflineAllowed && /net::ERR_(?:INTERNET_DISCONNECTED|FAILED)\b/.test(text);
        const isAllowed =
          isGonePoster ||
          isCutOff ||
          allowed.some(
            ({ pathname, status }) => text.includes(`status of ${status}`) && sourcePath === pathname,
          );
        if (!isAllowed) problems.push(`console.error: ${text}${source ? ` (${source})` : ''}`);
      });
      context.on('weberror', (webError) => problems.push(`page error: ${webError.error().stack}`));
      context.on('request', (request) => {
        if (!isLoopbackOrLocal(request.url())) problems.push(`request off the machine: ${request.url()}`);
      });

      await use({
        allowFailedResponse: (pathname, status) => allowed.push({ pathname, status }),
        allowOfflineRequests: () => (isOfflineAllowed = true),
      });

      expect(problems, 'unexpected errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});
