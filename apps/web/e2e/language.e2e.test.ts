// The language the traveller chose, not the browser's, is the language of the e-mails: the web
// client sends it as Accept-Language on every call (docs/api.md), and the server writes in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';
import { adult, enterEmail, startApplication } from './journey.ts';

describe('the chosen language', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('§7 calls: a German browser that chose English gets English calls and an English code e-mail', async () => {
    const { page, consoleErrors } = await stack.newPage({ locale: 'de-DE' });
    const sent: { path: string; language: string }[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/'))
        sent.push({ path, language: request.headers()['accept-language'] ?? '' });
    });
    // The switcher is used once the page's script has taken over: switched while the prerendered
    // page was still hydrating (a loaded CI machine), React reported a text mismatch (#418).
    await page.goto('/EligibilityNational', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welche Staatsangehörigkeit haben Sie?' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // The first page is prerendered with its lists: it may make no call before the choice.
    const atChoice = sent.length;
    await page.locator('#language-switcher').selectOption('en');
    await page.getByRole('heading', { name: 'What is your nationality?' }).waitFor();

    const email = 'chosen-english@example.com';
    const before = stack.smtp.received.length;
    await startApplication(page, adult(email));
    await enterEmail(page, email);
    const code = await stack.codeFor(email, before);
    const mail = stack.smtp.received.slice(before).find((m) => m.to === email);
    expect(mail?.subject).toBe(`Your ETA-IL verification code: ${code}`);
    // The calls made in German named German; every one after the choice named English.
    expect(sent.slice(0, atChoice).filter((c) => c.language !== 'de')).toEqual([]);
    const codeCall = sent.findIndex((c) => c.path.startsWith('/api/deletecognitouser'));
    expect(codeCall).toBeGreaterThan(0);
    expect(sent.slice(codeCall).map((c) => c.language)).toEqual(
      sent.slice(codeCall).map(() => 'en'),
    );
    expect(consoleErrors).toEqual([]);
  });
});
