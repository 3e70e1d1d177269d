// Issue 4 "Layout": every screen works from 320 px wide: nothing scrolls sideways.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';
import {
  adult,
  confirmReview,
  fillHistory,
  fillPassport,
  fillPersonal,
  fillPhoto,
  fillTravel,
  startApplication,
  verifyEmail,
} from './journey.ts';

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('layout at 320 px', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('no screen of the application scrolls sideways on a 320 px phone', async () => {
    const { page, consoleErrors } = await stack.newPage({ width: 320 });
    const overflow: Record<string, number> = {};
    // Each screen once it has settled: the step's own chunk and texts loaded (right after the
    // address changes, the previous screen may still be on its way out).
    const note = async (name: string) => {
      await page.waitForLoadState('networkidle');
      overflow[name] = await sideways(page);
    };
    await page.goto('/EligibilityNational');
    await page.getByLabel('Nationality').waitFor();
    await note('eligibility');
    const traveller = adult('narrow@example.com');
    await startApplication(page, traveller);
    await note('email');
    await verifyEmail(page, stack, traveller.email);
    await note('travel');
    await fillTravel(page);
    await note('passport');
    await fillPassport(page, traveller);
    await note('personal');
    await fillPersonal(page);
    await note('photo');
    await fillPhoto(page);
    await note('history');
    await fillHistory(page);
    await note('review');
    await confirmReview(page);
    await note('review confirmed');
    expect(overflow).toEqual(Object.fromEntries(Object.keys(overflow).map((k) => [k, 0])));
    expect(Object.keys(overflow)).toHaveLength(9);
    expect(consoleErrors).toEqual([]);
  });
});
