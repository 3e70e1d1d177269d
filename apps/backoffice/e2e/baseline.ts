// Screens compared with committed baselines, as the public app's look suite does
// (apps/web/e2e/look.e2e.test.ts): a full-page shot once the page has stopped changing, compared
// by the same pixels.ts. UPDATE_BASELINES=1 writes the baselines to e2e/baselines/ (review, then commit);
// on a failure the shot and a diff (changed pixels in red) go to e2e/screenshots/look/.
import type { Page } from 'playwright-core';
import { compareWithBaseline as compareShot } from '../../web/e2e/pixels.ts';

const FOLDERS = {
  baselines: new URL('./baselines/', import.meta.url),
  failures: new URL('./screenshots/look/', import.meta.url),
};

/** Two shots in a row alike: the screen has settled. */
const stillShot = async (page: Page, fullPage: boolean) => {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  let last: Buffer = Buffer.alloc(0);
  for (let attempt = 0; attempt < 40; attempt++) {
    const shot = await page.screenshot({ fullPage, animations: 'disabled', caret: 'hide' });
    if (shot.equals(last)) return shot;
    last = shot;
    await page.waitForTimeout(300);
  }
  throw new Error(`the page at ${page.url()} did not stop changing`);
};

/**
 * The page as shot now against its baseline `name`: what changed, or undefined. The whole page,
 * or (`fullPage` false) what the window shows: a modal dialog and its backdrop.
 */
export const compareWithBaseline = async (page: Page, name: string, fullPage = true) =>
  compareShot(await stillShot(page, fullPage), name, FOLDERS);
