import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { type DayFormat, DEFAULT_DAY_FORMAT, dayAsWritten } from '../../../src/domain/dates';
import { E2E_MAILBOX_DIR, E2E_OIDC_CONTROL_PORT } from './ports';

export const DEMO_PASSWORD = 'Demo#2026';

/** Signs in through the staff login form, as a person would. */
export async function signIn(page: Page, staffId: string, password = DEMO_PASSWORD) {
  await page.goto('/staff-login');
  await page.getByLabel('Staff ID').fill(staffId);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * For a spec file: `as(browser, staffId)` opens a page signed in as the account, in a browser
 * context of its own, and every such context is closed after each test.
 */
export function signedInPages(): (browser: Browser, staffId: string) => Promise<Page> {
  const contexts: BrowserContext[] = [];
  base.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  return async (browser, staffId) => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, staffId);
    return page;
  };
}

/** This year in Lusaka, where allowances are filed. */
export const LUSAKA_YEAR = Number(
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lusaka', year: 'numeric' }).format(new Date()),
);

/** POSTs JSON as the page's user and expects success: for the records a test starts from. */
export async function postJson(page: Page, path: string, data: unknown): Promise<{ id: string }> {
  const response = await page.request.post(path, { data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json() as Promise<{ id: string }>;
}

/**
 * The newest email to an address (that `matches`, when given), with quoted-printable soft breaks
 * undone. Emails leave the server's outbox just after the request's answer: this waits for them.
 */
export async function latestEmailTo(
  address: string,
  matches: (mail: string) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(E2E_MAILBOX_DIR).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(E2E_MAILBOX_DIR, file), 'utf8')) as {
        to: string[];
        raw: string;
      };
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (mail.to.includes(address.toLowerCase()) && matches(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No email to ${address} within ${timeoutMs} ms`);
}

export function linkIn(mail: string, pathPrefix: string): string {
  const match = new RegExp(
    `https?://[^\\s"<>]*${pathPrefix.replace('/', '\\/')}\\?token=[A-Za-z0-9_%-]+`,
  ).exec(mail);
  if (!match) throw new Error(`No ${pathPrefix} link in the email`);
  return match[0];
}

/** Chooses who the local OpenID Connect provider signs in next. */
export async function nextGoogleIdentity(identity: {
  sub: string;
  email: string;
  email_verified?: boolean;
  name: string;
}) {
  await fetch(`http://127.0.0.1:${E2E_OIDC_CONTROL_PORT}`, {
    method: 'POST',
    body: JSON.stringify({ email_verified: true, ...identity }),
  });
}

let counter = 0;
/** A value no other test run uses (staff IDs, emails, names). */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}${(++counter).toString(36).toUpperCase()}`;
}

/**
 * Waits until the toasts have gone. Sonner pauses a toast while the pointer is over it, and a click
 * aimed at a row action under the bottom-right stack parks the pointer there, so the toast would
 * never leave and the click would wait forever. The pointer moves away, as a user's would, and the
 * toasts leave on their own (5 s). Call it before clicking near the bottom right.
 */
export async function waitForToastsToGo(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Types a day (given as YYYY-MM-DD) into a date field as people do: in the format System Settings
 * choose, DD/MM/YYYY unless a test changes it.
 */
export async function typeDate(field: Locator, isoDay: string, format: DayFormat = DEFAULT_DAY_FORMAT) {
  await field.fill(dayAsWritten(isoDay, format));
}

export const test = base;
export { expect };
