// Manual check (not committed): a traveller on `npm start` — apply, pay on /dev/pay, read mail.
import { chromium } from 'playwright-core';
import { adult, confirmReview, fillApplication, payFee } from '../apps/web/e2e/journey.ts';
import { CHROMIUM_FLAGS } from '../apps/web/e2e/weigh.ts';

const base = 'http://localhost:3000';
const mailbox = async () => (await fetch(`${base}/dev/mailbox`)).text();
const stack = {
  smtp: { received: [] },
  codeFor: async (email: string) => {
    for (let i = 0; i < 100; i++) {
      const html = await mailbox();
      const articles = html.split('<article>').slice(1);
      const mine = articles.find((a) => a.includes(`To: ${email}`) && /<h2>[^<]*\b\d{6}\b/.test(a));
      const code = mine && /\b(\d{6})\b/.exec(mine.split('<pre>')[1] ?? '')?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('no code');
  },
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
const page = await (await browser.newContext({ baseURL: base, locale: 'en-GB' })).newPage();
const traveller = adult(`manual-${Date.now()}@example.com`);
// biome-ignore lint/suspicious/noExplicitAny: a manual script
await fillApplication(page, stack as any, traveller);
await confirmReview(page);
await page.getByRole('button', { name: 'Submit' }).click();
await page.waitForURL('**/dev/pay/**');
await page.screenshot({ path: '/tmp/m-devpay.png', fullPage: true });
await payFee(page);
await page.getByRole('heading', { level: 1 }).waitFor();
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/m-return.png', fullPage: true });
console.log('return page:', (await page.locator('main').textContent())?.slice(0, 400));
await new Promise((r) => setTimeout(r, 8000));
const html = await mailbox();
console.log(html.split('<article>').slice(1, 5).map((a) => a.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 300)).join('\n---\n'));
await browser.close();
