// The session (SPEC §4 "Session"): popups at 30 and 60 minutes, driven by Playwright's clock in
// the browser; the guard that sends a traveller without a session (or with unfinished steps) to
// where they belong. Session popups are modal: focus stays inside them.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';
import {
  acceptTerms,
  adult,
  enterEmail,
  focusStaysInDialog,
  openDialogTitles,
  startApplication,
} from './journey.ts';

const WARNING = 'Do you want to continue?';
const EXPIRED = 'Your session has ended';

const sessionValue = (page: Page, key: string) =>
  page.evaluate((k) => sessionStorage.getItem(k), key);

/** A page whose clock the test moves, on the applicant start page after accepting the terms. */
const onApplicantStart = async (stack: Stack) => {
  const opened = await stack.newPage();
  await opened.page.clock.install({ time: new Date() });
  await opened.page.goto('/apply-for-an-eta-il-1/');
  await acceptTerms(opened.page);
  await opened.page.getByRole('link', { name: 'Start now' }).click();
  await opened.page.getByRole('heading', { name: 'Who can use this service' }).waitFor();
  return opened;
};

describe('the session', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('§4 the first popup opens at 30 minutes; "Yes, continue" keeps the session, which still ends at 60', async () => {
    const { page, consoleErrors } = await onApplicantStart(stack);
    await page.clock.fastForward('29:00');
    expect(await openDialogTitles(page)).toEqual([]);
    await page.clock.fastForward('01:00');
    const warning = page.getByRole('dialog', { name: WARNING });
    await warning.waitFor();
    expect(await openDialogTitles(page)).toEqual([WARNING]);
    expect(await focusStaysInDialog(page)).not.toContain(false);

    const started = await sessionValue(page, 'sessionStart');
    await warning.getByRole('button', { name: 'Yes, continue' }).click();
    await warning.waitFor({ state: 'detached' });
    // The clock is not restarted (docs/decisions/004-session-scope.md).
    expect(await sessionValue(page, 'sessionStart')).toBe(started);
    await page.clock.fastForward('29:00');
    expect(await openDialogTitles(page)).toEqual([]);
    await page.clock.fastForward('01:00');
    await page.getByRole('dialog', { name: EXPIRED }).waitFor();
    expect(await openDialogTitles(page)).toEqual([EXPIRED]);
    expect(new URL(page.url()).pathname).toBe('/apply-for-an-eta-il-2');
    expect(consoleErrors).toEqual([]);
  });

  it('§4 "No, start again" goes to the start with a new session', async () => {
    const { page, consoleErrors } = await onApplicantStart(stack);
    const started = await sessionValue(page, 'sessionStart');
    await page.clock.fastForward('30:00');
    await page
      .getByRole('dialog', { name: WARNING })
      .getByRole('button', { name: 'No, start again' })
      .click();
    await page.waitForURL('**/apply-for-an-eta-il-1/');
    const restarted = await sessionValue(page, 'sessionStart');
    expect(restarted).not.toBeNull();
    expect(Date.parse(restarted ?? '')).toBeGreaterThan(Date.parse(started ?? ''));
    // A new session has a blank draft: its terms are asked again.
    await page.getByRole('dialog', { name: 'Terms & Conditions' }).waitFor();
    expect(await openDialogTitles(page)).toEqual(['Terms & Conditions']);
    expect(consoleErrors).toEqual([]);
  });

  it('§4 no answer for 30 more minutes ends the session: storage wiped, only Restart offered', async () => {
    const { page, consoleErrors } = await onApplicantStart(stack);
    await page.clock.fastForward('30:00');
    await page.getByRole('dialog', { name: WARNING }).waitFor();
    await page.clock.fastForward('30:00');
    const expired = page.getByRole('dialog', { name: EXPIRED });
    await expired.waitFor();
    expect(await openDialogTitles(page)).toEqual([EXPIRED]);
    expect(await expired.getByRole('button').allTextContents()).toEqual(['Restart']);
    // Wiped: only the reader's language outlives the session.
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['language']);
    expect(await focusStaysInDialog(page, 3)).not.toContain(false);

    await expired.getByRole('button', { name: 'Restart' }).click();
    await page.waitForURL('**/apply-for-an-eta-il-1/');
    expect(await sessionValue(page, 'sessionStart')).not.toBeNull();
    await page.getByRole('dialog', { name: 'Terms & Conditions' }).waitFor();
    expect(await openDialogTitles(page)).toEqual(['Terms & Conditions']);
    expect(consoleErrors).toEqual([]);
  });

  it('§4 on /codeMach an ended session restarts quietly at the start; the guard keeps steps in order', async () => {
    const { page, consoleErrors } = await stack.newPage();
    await page.clock.install({ time: new Date() });
    await startApplication(page, adult('session@example.com'));
    await enterEmail(page, 'session@example.com');
    // The email step is done, the code is not: a later step sends back to the code.
    await page.goto('/passportDetails');
    await page.waitForURL('**/codeMach');
    await page.getByRole('heading', { name: 'Verify your email address' }).waitFor();

    await page.clock.fastForward('30:00');
    await page.getByRole('dialog', { name: WARNING }).waitFor();
    await page.clock.fastForward('30:00');
    await page.waitForURL('**/apply-for-an-eta-il-1/');
    await page.getByRole('heading', { name: 'Apply for an ETA-IL' }).waitFor();
    // Quietly: no session popup; the new session only asks for its terms.
    await page.getByRole('dialog', { name: 'Terms & Conditions' }).waitFor();
    expect(await openDialogTitles(page)).toEqual(['Terms & Conditions']);
    expect(await sessionValue(page, 'emailAddress')).toBeNull();
    expect(JSON.parse((await sessionValue(page, 'jsonForm')) ?? '{}').reqMainEmailAddress).toBe('');
    expect(consoleErrors).toEqual([]);
  });

  it('§4 the eligibility pages show no popup, even after 60 minutes', async () => {
    const { page, consoleErrors } = await stack.newPage();
    await page.clock.install({ time: new Date() });
    await page.goto('/apply-for-an-eta-il-1/');
    await acceptTerms(page);
    await page.getByRole('link', { name: 'Check your eligibility' }).click();
    await page.getByRole('heading', { name: 'What is your nationality?' }).waitFor();
    await page.clock.fastForward('30:00');
    await page.clock.fastForward('30:00');
    await page.clock.fastForward('01:00');
    expect(await openDialogTitles(page)).toEqual([]);
    await page.getByLabel('Nationality').selectOption({ label: 'United States of America' });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'What’s the main purpose of your visit?' }).waitFor();
    expect(await openDialogTitles(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('§4 opening /travelInfo with no session begins one at the application start', async () => {
    const { page, consoleErrors } = await stack.newPage();
    await page.goto('/travelInfo');
    await page.waitForURL('**/apply-for-an-eta-il-1/');
    await page.getByRole('heading', { name: 'Apply for an ETA-IL' }).waitFor();
    expect(await sessionValue(page, 'sessionStart')).not.toBeNull();
    expect(consoleErrors).toEqual([]);
  });
});
