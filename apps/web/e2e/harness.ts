// End-to-end harness: the real server (Fastify with the built web app) listening on a real port,
// on a real database (PGlite), with the real job queue delivering mail over SMTP to a real listener,
// and Debian's Chromium driven by playwright-core. A missing browser fails; it never skips.
import { existsSync, mkdirSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { referenceData } from '@eta-il/domain/reference-data';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { buildApp } from '../../server/src/app.ts';
import type { Config } from '../../server/src/config.ts';
import { seedReferenceData } from '../../server/src/db/seed.ts';
import { startBackgroundWork } from '../../server/src/jobs/index.ts';
import { smtpTransport } from '../../server/src/mail/transport.ts';
import { createMetrics } from '../../server/src/ops/metrics.ts';
import { loadScreeningLists, screeningListPaths } from '../../server/src/screening/lists.ts';
import { codeIn, isCodeMail, startSmtpListener, testConfig } from '../../server/test/harness.ts';
import { openMemoryDatabase } from '../../server/test/template-databases.ts';
import { CHROMIUM_FLAGS } from './weigh.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('./screenshots', import.meta.url));
/**
 * Whether the suites write screenshots for a reviewer to e2e/screenshots/ (`npm run screenshots`).
 * They check nothing, so a test run leaves them out: at two widths per screen they cost minutes.
 */
export const FOR_A_REVIEWER = process.env.E2E_SCREENSHOTS === '1';

/** A port no one listens on now: the server's public address must be known before it starts. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** What a suite may change in the test configuration (e.g. PAYMENT_PROVIDER=stripe). */
type Configure = (config: Config) => Config;

export const startStack = async ({
  configure = (config) => config,
}: {
  configure?: Configure;
} = {}) => {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install chromium`);
  if (!existsSync(`${WEB_DIST}/index.html`))
    throw new Error('The web app is not built: npm run build');
  const database = await openMemoryDatabase();
  // The server's clock: real time, moved on by `moveClock` (an expired link, the retention job).
  let clockOffsetMs = 0;
  const clock = () => new Date(Date.now() + clockOffsetMs);
  await seedReferenceData(database.db, referenceData);
  const smtp = await startSmtpListener();
  const transport = smtpTransport(smtp.url, 'ETA-IL <no-reply@eta-il.test>');
  // The public address is the real one: the payment page sends the browser back to it.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = configure({
    ...testConfig({ smtpUrl: smtp.url, webDist: WEB_DIST }),
    publicUrl: baseUrl,
  });
  const { lists } = await loadScreeningLists(screeningListPaths({}), referenceData.allcountry);
  const background = await startBackgroundWork({
    database,
    transport,
    clock,
    metrics: createMetrics({ processMetrics: false }),
    // As in the service: every submission is screened, and decided when nothing is hit.
    screening: {
      lists,
      decisions: {
        clock,
        timeZone: config.timeZone,
        publicUrl: config.publicUrl,
      },
    },
  });
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    logger: false,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
  mkdirSync(SCREENSHOTS, { recursive: true });

  /** A fresh browser context (its own session storage) and page; console errors are collected. */
  const newPage = async (options: { width?: number; locale?: string } = {}) => {
    const context: BrowserContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: options.width ?? 1280, height: 900 },
      locale: options.locale ?? 'en-GB',
      timezoneId: 'Asia/Jerusalem',
    });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
    return { page, context, consoleErrors };
  };

  /** The newest verification code e-mailed to `email`, read from the SMTP listener. */
  const codeFor = async (email: string, after = 0) => {
    for (let i = 0; i < 200; i++) {
      const mail = smtp.received
        .slice(after)
        .filter((m) => m.to === email && isCodeMail(m))
        .at(-1);
      const code = mail ? codeIn(mail) : undefined;
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code e-mail for ${email}`);
  };

  /** The stored state of an application, by its number. */
  const stateOf = async (reqNum: string) =>
    (
      await database.db
        .selectFrom('application')
        .select('state')
        .where('req_num', '=', reqNum)
        .executeTakeFirstOrThrow()
    ).state;

  /**
   * The application this address submitted, once screening (or payment) has brought it to
   * `state`; waits up to a minute, then fails with the state it was in.
   */
  const submitted = async (email: string, state: string) => {
    const { id, req_num: reqNum } = await database.db
      .selectFrom('application')
      .select(['id', 'req_num'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const deadline = Date.now() + 60_000;
    for (let now = await stateOf(reqNum); now !== state; now = await stateOf(reqNum)) {
      if (Date.now() > deadline) throw new Error(`${reqNum} is ${now}, not ${state}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    return { id, reqNum };
  };

  return {
    baseUrl,
    browser,
    db: database.db,
    smtp,
    newPage,
    codeFor,
    stateOf,
    submitted,
    clock,
    /** Moves the server's clock on by `ms` (the browser's own clock is Playwright's to move). */
    moveClock: (ms: number) => {
      clockOffsetMs += ms;
    },
    close: async () => {
      await browser.close();
      await app.close();
      await background.stop();
      await smtp.close();
      await database.close();
    },
  };
};

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** Screenshots of a screen at 1280 px and 375 px, for a reviewer (not committed), when asked for. */
export const screenshotBoth = async (page: Page, name: string) => {
  if (!FOR_A_REVIEWER) return;
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
};
