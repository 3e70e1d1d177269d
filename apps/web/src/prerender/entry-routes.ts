// The pages a traveller may open first, prerendered at build time in every language and served
// as HTML (docs/decisions/015-prerendered-entry-pages.md). Adding one is one line: its path and
// the module of its screen (whose chunk the page preloads).
import { ROUTES, STATUS_ROUTE, VERIFY_ROUTE } from '@eta-il/domain';

export interface EntryRoute {
  path: string;
  screen: string;
}

export const ENTRY_ROUTES: readonly EntryRoute[] = [
  {
    path: ROUTES.eligibilityNational,
    screen: 'src/routes/eligibility-national/EligibilityNationalPage.tsx',
  },
  {
    path: ROUTES.eligibilityMainPurpose,
    screen: 'src/routes/eligibility-main-purpose/EligibilityMainPurposePage.tsx',
  },
  {
    path: ROUTES.eligibilityResult,
    screen: 'src/routes/eligibility-result/EligibilityResultPage.tsx',
  },
  { path: ROUTES.applyStart, screen: 'src/routes/apply-start/ApplyStartPage.tsx' },
  { path: ROUTES.accessibility, screen: 'src/routes/accessibility/AccessibilityPage.tsx' },
  { path: STATUS_ROUTE, screen: 'src/routes/status/StatusPage.tsx' },
  { path: VERIFY_ROUTE, screen: 'src/routes/verify/VerifyPage.tsx' },
];

/** How the server and the build name a path: lower case, no trailing slash ('/' for the root). */
export const entryKey = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';
