// What the back-office end-to-end suites share: the public stack (apps/web/e2e/harness.ts: the
// server, its database, the job queue, the SMTP listener and Chromium) with, beside it on the same
// database and each on its own free port, the office app serving the built back office and the
// carriers' API (as main.ts serves both); and a member of staff signed in on the sign-in screen.
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { StaffRole } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildCarrierApp } from '../../server/src/carrier/app.ts';
import { buildOfficeApp } from '../../server/src/office/app.ts';
import { createTotpSealer, totpCode } from '../../server/src/office/auth/credentials.ts';
import { completeSetup } from '../../server/src/office/staff/accounts.ts';
import { createMetrics } from '../../server/src/ops/metrics.ts';
import { testConfig } from '../../server/test/harness.ts';
import { addStaffWithLink } from '../../server/test/office/support.ts';
import { startStack } from '../../web/e2e/harness.ts';
import { freePort } from './free-port.ts';

export const OFFICE_DIST = fileURLToPath(new URL('../dist', import.meta.url));
export const PASSWORD = 'correct horse battery staple';
export const MINUTE = 60_000;

export const startOfficeStack = async () => {
  const stack = await startStack();
  // The office knows its own origin before it starts: calls that change anything must come from it.
  const port = await freePort();
  const officeUrl = `http://127.0.0.1:${port}`;
  const office = await buildOfficeApp({
    config: {
      ...testConfig({ smtpUrl: stack.smtp.url, backofficeUrl: `${officeUrl}/` }),
      officeDist: OFFICE_DIST,
    },
    db: stack.db,
    clock: stack.clock,
    publicUrl: stack.baseUrl,
    logger: false,
  });
  await office.listen({ port, host: '127.0.0.1' });
  const carrier = await buildCarrierApp({
    config: testConfig(),
    db: stack.db,
    clock: stack.clock,
    metrics: createMetrics({ processMetrics: false }),
    countries: referenceData.allcountry,
    logger: false,
  });
  await carrier.listen({ port: 0, host: '127.0.0.1' });
  const carrierUrl = `http://127.0.0.1:${(carrier.server.address() as AddressInfo).port}`;
  return {
    ...stack,
    officeUrl,
    /** The carriers' API, as an airline's system calls it: `${carrierUrl}/carrier/v1/checks`. */
    carrierUrl,
    close: async () => {
      await carrier.close();
      await office.close();
      await stack.close();
    },
  };
};

export type OfficeStack = Awaited<ReturnType<typeof startOfficeStack>>;

/** Signs in on the sign-in screen (already open) with password and authenticator code. */
export const signIn = async (page: Page, email: string, totpSecret: string) => {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page
    .getByLabel('Code from your authenticator app')
    .fill(totpCode(totpSecret, email, new Date()));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
};

/**
 * The first call of a signed-out page (GET me) answered 401, which Chromium logs: that line, and
 * nothing else, is expected in `consoleErrors`, which is then emptied for what follows.
 */
export const expectOnlySignedOutLine = (consoleErrors: string[]) => {
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
  ]);
  consoleErrors.length = 0;
};

/**
 * A member of staff of `role`, set up directly (password and authenticator key, as the set-up
 * screen would store them; backoffice.e2e.test.ts goes through that screen) and signed in on the
 * sign-in screen in a browser context of their own.
 */
export const signedInStaff = async (stack: OfficeStack, email: string, role: StaffRole) => {
  const added = await addStaffWithLink(stack.db, stack.clock(), email, role);
  if (!added.ok) throw new Error(added.problem);
  const sealer = createTotpSealer(testConfig().authSecret);
  const setUp = await completeSetup(stack.db, stack.clock(), added.token, PASSWORD, sealer);
  if (!setUp.ok) throw new Error(setUp.problem);
  const member = await stack.newPage();
  await member.page.goto(`${stack.officeUrl}/`);
  await signIn(member.page, email, setUp.totpSecret);
  expectOnlySignedOutLine(member.consoleErrors);
  return member;
};
