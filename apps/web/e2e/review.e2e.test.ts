// The review (SPEC §2 "Review", §4 "Review"): Submit with a section left unconfirmed stays on the
// review; 'Edit information' opens a step in edit mode ('Save and go to review', 'Edit next'),
// the changed answer shows on the review, and the submitted application carries it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';
import { adult, confirmReview, fillApplication, payFee } from './journey.ts';

const EMAIL = 'review@example.com';

const panelStatus = (page: Page, panel: string) =>
  page.locator(`#review-${panel} .review-status`).textContent();

/** Opens a review panel (if it is closed) and returns its region. */
const openPanel = async (page: Page, panel: string) => {
  const toggle = page.locator(`#review-${panel}`);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return page.locator(`#review-${panel}-region`);
};

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** A panel's own button: its visible words and, for screen readers, the panel's name. */
const panelButton = (page: Page, action: string, section: string) =>
  page.getByRole('button', { name: new RegExp(`^${action}\\W+${section}$`) });

describe('the review', () => {
  let stack: Stack;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    stack = await startStack();
    ({ page, consoleErrors } = await stack.newPage());
    await fillApplication(page, stack, adult(EMAIL));
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('§4 Submit with a section unconfirmed marks it "Confirmation required" and stays', async () => {
    await panelButton(page, 'Confirm this section', 'Travel information').click();
    await panelButton(page, 'Confirm this section', 'Passport details').click();
    const declaration = await openPanel(page, 'declaration');
    await declaration.getByLabel('I confirm the terms and conditions').check();
    expect(await panelStatus(page, 'travel')).toBe('Reviewed');
    expect(await panelStatus(page, 'passport')).toBe('Reviewed');

    await button(page, 'Submit').click();
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'Personal details: Please confirm this section',
    ]);
    expect(await panelStatus(page, 'personal')).toBe('Confirmation required');
    expect(await panelStatus(page, 'travel')).toBe('Reviewed');
    expect(await panelStatus(page, 'declaration')).toBe('Reviewed');
    expect(new URL(page.url()).pathname).toBe('/review');
    const stored = await stack.db.selectFrom('application').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('§4 Edit information, change the length of stay, Save and go to review: the review shows it', async () => {
    const travel = await openPanel(page, 'travel');
    expect(await travel.getByText('Up to 2 weeks').isVisible()).toBe(true);
    await panelButton(page, 'Edit information', 'Travel information').click();
    await page.waitForURL('**/travelInfo');
    await button(page, 'Save and go to review').waitFor();
    expect(await button(page, 'Edit next').isVisible()).toBe(true);
    expect(await button(page, 'Next').count()).toBe(0);
    // The step opens with the stored answers.
    expect(await page.getByLabel('Purpose of your visit').inputValue()).not.toBe('');

    await page.getByLabel('Length of stay').selectOption({ label: 'Up to 30 days' });
    await button(page, 'Save and go to review').click();
    await page.waitForURL('**/review');
    const changed = await openPanel(page, 'travel');
    await changed.getByText('Up to 30 days').waitFor();
    expect(await changed.getByText('Up to 2 weeks').count()).toBe(0);
    expect(await panelStatus(page, 'travel')).not.toBe('Reviewed');
    expect(await panelStatus(page, 'passport')).toBe('Reviewed');
  });

  it('§4 Edit next goes from passport details on to personal details, still in edit mode', async () => {
    await openPanel(page, 'passport');
    await panelButton(page, 'Edit information', 'Passport details').click();
    await page.waitForURL('**/passportDetails');
    await button(page, 'Edit next').click();
    await page.waitForURL('**/personalDetails');
    await button(page, 'Save and go to review').click();
    await page.waitForURL('**/review');
    expect(await panelStatus(page, 'passport')).not.toBe('Reviewed');
    expect(await panelStatus(page, 'personal')).not.toBe('Reviewed');
  });

  it('§2 confirmed again and submitted: the stored application has the new length of stay', async () => {
    await confirmReview(page);
    for (const panel of ['travel', 'passport', 'personal', 'declaration']) {
      expect(await panelStatus(page, panel)).toBe('Reviewed');
    }
    await button(page, 'Submit').click();
    await payFee(page);
    await page.getByRole('heading', { name: 'Thank You, JANE' }).waitFor({ timeout: 20_000 });
    const row = await stack.db
      .selectFrom('application')
      .selectAll()
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    expect(row.draft.bearerList[0]?.lengthOfStayId).toEqual({
      id: 3,
      Description: 'Up to 30 days',
    });
    expect(row.draft.bearerList[0]?.entryReasonId).toEqual({
      id: 1,
      Description: 'Tourism or a private visit',
    });
    expect(consoleErrors).toEqual([]);
  });
});
