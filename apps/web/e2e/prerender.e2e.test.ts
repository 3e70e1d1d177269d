// Entry pages arrive prerendered (docs/decisions/015-prerendered-entry-pages.md): the HTML alone,
// fetched without JavaScript from the real server, carries the page's heading and first question in
// the reader's language and direction; Chromium then hydrates it without a mismatch.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_ROUTES } from '../src/prerender/entry-routes.ts';
import { type Stack, startStack } from './harness.ts';

const text = (language: string, namespace: string, key: string): string => {
  const file = new URL(`../src/i18n/locales/${language}/${namespace}.json`, import.meta.url);
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      JSON.parse(readFileSync(file, 'utf8')),
    );
  if (typeof value !== 'string') throw new Error(`no text ${language}/${namespace}:${key}`);
  return value;
};

/** Per entry page: its heading and the label of its first question (or first action). */
const EXPECTED: Record<string, (language: string) => { heading: string; first?: string }> = {
  '/EligibilityNational': (l) => ({
    heading: text(l, 'eligibility', 'nationality.title'),
    first: text(l, 'eligibility', 'nationality.label'),
  }),
  '/EligibilityMainPurpose': (l) => ({
    heading: text(l, 'eligibility', 'purpose.title'),
    first: text(l, 'eligibility', 'purpose.label'),
  }),
  '/EligibilityResult': (l) => ({ heading: text(l, 'eligibility', 'result.title') }),
  '/apply-for-an-eta-il-1/': (l) => ({
    heading: text(l, 'apply', 'applyStart.title'),
    first: text(l, 'apply', 'applyStart.start'),
  }),
  '/accessibility': (l) => ({
    heading: text(l, 'pages', 'accessibility.title'),
    first: text(l, 'pages', 'accessibility.intro'),
  }),
  '/status': (l) => ({
    heading: text(l, 'status', 'heading'),
    first: text(l, 'status', 'fields.applicationNumber.label'),
  }),
  '/verify': (l) => ({
    heading: text(l, 'verify', 'heading'),
    first: text(l, 'verify', 'fields.applicationNumber.label'),
  }),
};

const decode = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('prerendered entry pages', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('every entry route has its expectations here', () => {
    expect(ENTRY_ROUTES.map((r) => r.path).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(ENTRY_ROUTES.map((r) => r.path))('%s', (path) => {
    it.each([
      ['en', 'en-GB,en;q=0.9', 'ltr'],
      ['he', 'he-IL,he;q=0.9,en;q=0.5', 'rtl'],
    ])(
      'the HTML alone shows its heading and first question in %s',
      async (language, accept, dir) => {
        const response = await fetch(`${stack.baseUrl}${path}`, {
          headers: { 'accept-language': accept },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-language')).toBe(language);
        const html = await response.text();
        expect(html).toMatch(new RegExp(`<html lang="${language}" dir="${dir}"`));
        const { heading, first } = EXPECTED[path]?.(language) ?? { heading: '' };
        const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1];
        expect(decode(h1 ?? '')).toBe(heading);
        if (first) expect(decode(html)).toContain(first);
        expect(decode(/<title>(.*?)<\/title>/s.exec(html)?.[1] ?? '')).toContain(heading);
      },
    );
  });

  it('the first question lists the countries in the HTML, and the lang cookie wins', async () => {
    const response = await fetch(`${stack.baseUrl}/EligibilityNational`, {
      headers: { 'accept-language': 'en-GB', cookie: 'lang=ar', 'accept-encoding': 'br' },
    });
    expect(response.headers.get('content-language')).toBe('ar');
    const html = await response.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect((html.match(/<option /g) ?? []).length).toBeGreaterThan(150);
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${stack.baseUrl}/EligibilityNational`, {
      headers: { cookie: 'lang=ar', 'if-none-match': response.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('the HTML is not held up by scripts: they load after the first paint, all at once', async () => {
    const response = await fetch(`${stack.baseUrl}/EligibilityNational`);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script[^>]*\bsrc=|rel="modulepreload"/);
    const boot = JSON.parse(
      /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
    );
    expect(boot.run.length).toBeGreaterThan(0);
    // The screen's chunk and its texts are in the same wave as the shared chunk: no chain.
    expect(boot.load).toEqual(expect.arrayContaining(boot.run));
    expect(boot.load.some((file: string) => /EligibilityNationalPage/.test(file))).toBe(true);
    const inline = /<script type="module">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(inline).digest('base64');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).toBe(`'self' 'sha256-${hash}'`);
  });

  it('an eligibility step opened without its answers goes to the first question before it paints', async () => {
    const { page, context, consoleErrors } = await stack.newPage();
    const painted: string[] = [];
    await page.exposeFunction('painted', (url: string) => painted.push(url));
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        if (list.getEntries().length > 0)
          (window as unknown as { painted: (u: string) => void }).painted(location.pathname);
      }).observe({ type: 'paint', buffered: true });
    });
    await page.goto('/EligibilityResult');
    await page.waitForURL('**/EligibilityNational');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(painted).not.toContain('/EligibilityResult');
    expect(consoleErrors).toEqual([]);
    await context.close();
    // Its CSP allows exactly its own inline scripts: the boot module and that check.
    const response = await fetch(`${stack.baseUrl}/EligibilityResult`);
    const html = await response.text();
    const hashes = [...html.matchAll(/<script(?: type="module")?>(.*?)<\/script>/gs)].map(
      ([, script]) =>
        `'sha256-${createHash('sha256')
          .update(script ?? '')
          .digest('base64')}'`,
    );
    expect(hashes).toHaveLength(2);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).toBe(`'self' ${hashes.join(' ')}`);
  });

  it("the verification page names this site's host before the first paint, from the address bar", async () => {
    const { page, context, consoleErrors } = await stack.newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/verify');
    const line = page.locator('[data-host-line]');
    await expect.poll(() => line.textContent()).toContain(new URL(stack.baseUrl).host);
    expect(await line.isVisible()).toBe(true);
    await context.close();
    // The only errors: the app's scripts, blocked here, could not load.
    expect(consoleErrors.every((e) => /dynamically imported module|Failed to load/.test(e))).toBe(
      true,
    );
  });

  describe.each([
    ['en', 'en-GB'],
    ['he', 'he-IL'],
    ['ar', 'ar-EG'],
    ['de', 'de-DE'],
    ['es', 'es-ES'],
    ['fr', 'fr-FR'],
    ['ru', 'ru-RU'],
  ])('in Chromium (%s)', (language, locale) => {
    it.each(ENTRY_ROUTES.map((r) => r.path))('%s hydrates without a mismatch', async (path) => {
      const { page, context, consoleErrors } = await stack.newPage({ locale, width: 375 });
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      // Hydrated: React has taken the root, and the page's own code has run its effects.
      await page.waitForFunction(() => {
        const root = document.getElementById('root');
        return root !== null && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
      });
      await page.waitForLoadState('networkidle');
      await page.locator('h1').first().waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  });

  it('the hydrated first question works: choosing a nationality enables Next', async () => {
    const { page, context, consoleErrors } = await stack.newPage({ locale: 'en-GB' });
    await page.goto('/EligibilityNational');
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByLabel('Nationality').selectOption({ label: 'United States of America' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await page.getByRole('heading', { name: 'What’s the main purpose of your visit?' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
