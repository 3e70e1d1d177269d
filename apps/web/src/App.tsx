// Every route of SPEC §2. Each screen is its own chunk, loaded when first opened.
import { ROUTES, STATUS_ROUTE, VERIFY_ROUTE } from '@eta-il/domain';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary, ErrorScreen } from './components/ErrorScreen.tsx';
import { Layout } from './components/Layout.tsx';
import { RouteFallback } from './components/Loader.tsx';
import { SessionGuard } from './session/SessionGuard.tsx';
import { useSessionValue } from './session/storage.ts';
import { TermsGate } from './session/TermsGate.tsx';

/** A lazily loaded screen whose module exports it by name. */
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const ApplyStart = screen(
  () => import('./routes/apply-start/ApplyStartPage.tsx'),
  'ApplyStartPage',
);
const ApplicantStart = screen(
  () => import('./routes/applicant-start/ApplicantStartPage.tsx'),
  'ApplicantStartPage',
);
const Sort = screen(() => import('./routes/sort/SortPage.tsx'), 'SortPage');
const StartForm = screen(() => import('./routes/start-form/StartFormPage.tsx'), 'StartFormPage');
const Email = screen(() => import('./routes/email/EmailPage.tsx'), 'EmailPage');
const Code = screen(() => import('./routes/code/CodePage.tsx'), 'CodePage');
const TravelInfo = screen(
  () => import('./routes/travel-info/TravelInfoPage.tsx'),
  'TravelInfoPage',
);
const PassportDetails = screen(
  () => import('./routes/passport-details/PassportDetailsPage.tsx'),
  'PassportDetailsPage',
);
const PersonalDetails = screen(
  () => import('./routes/personal-details/PersonalDetailsPage.tsx'),
  'PersonalDetailsPage',
);
const PassportPhoto = screen(
  () => import('./routes/passport-photo/PassportPhotoPage.tsx'),
  'PassportPhotoPage',
);
const History = screen(() => import('./routes/history/HistoryPage.tsx'), 'HistoryPage');
const Review = screen(() => import('./routes/review/ReviewPage.tsx'), 'ReviewPage');
const ThankYou = screen(() => import('./routes/thank-you/ThankYouPage.tsx'), 'ThankYouPage');
const Success = screen(() => import('./routes/success/SuccessPage.tsx'), 'SuccessPage');
const EligibilityNational = screen(
  () => import('./routes/eligibility-national/EligibilityNationalPage.tsx'),
  'EligibilityNationalPage',
);
const EligibilityMainPurpose = screen(
  () => import('./routes/eligibility-main-purpose/EligibilityMainPurposePage.tsx'),
  'EligibilityMainPurposePage',
);
const EligibilityResult = screen(
  () => import('./routes/eligibility-result/EligibilityResultPage.tsx'),
  'EligibilityResultPage',
);
const VisaOption = screen(
  () => import('./routes/visa-option/VisaOptionPage.tsx'),
  'VisaOptionPage',
);
const Backoffice = screen(() => import('./routes/backoffice/BackofficePage.tsx'), 'BackofficePage');
const Loading = screen(() => import('./routes/loading/LoadingPage.tsx'), 'LoadingPage');
const Accessibility = screen(
  () => import('./routes/accessibility/AccessibilityPage.tsx'),
  'AccessibilityPage',
);
const Status = screen(() => import('./routes/status/StatusPage.tsx'), 'StatusPage');
const Verify = screen(() => import('./routes/verify/VerifyPage.tsx'), 'VerifyPage');
// The session popups and their timers are not needed to show a first page.
const SessionTimers = screen(() => import('./session/SessionTimers.tsx'), 'SessionTimers');
const NotFound = screen(() => import('./routes/not-found/NotFoundPage.tsx'), 'NotFoundPage');

const routes: [string, ComponentType][] = [
  [ROUTES.applyStart, ApplyStart],
  [ROUTES.applicantStart, ApplicantStart],
  [ROUTES.sort, Sort],
  [ROUTES.forms, StartForm],
  [ROUTES.home, StartForm],
  [ROUTES.email, Email],
  [ROUTES.code, Code],
  [ROUTES.travel, TravelInfo],
  [ROUTES.passport, PassportDetails],
  [ROUTES.personal, PersonalDetails],
  [ROUTES.photo, PassportPhoto],
  [ROUTES.history, History],
  [ROUTES.review, Review],
  [ROUTES.thankyou, ThankYou],
  [ROUTES.success, Success],
  [ROUTES.eligibilityNational, EligibilityNational],
  [ROUTES.eligibilityMainPurpose, EligibilityMainPurpose],
  [ROUTES.eligibilityResult, EligibilityResult],
  [ROUTES.visaOption, VisaOption],
  [ROUTES.visaOptionMisspelt, VisaOption],
  [ROUTES.backoffice, Backoffice],
  [ROUTES.loading, Loading],
  [ROUTES.accessibility, Accessibility],
  [STATUS_ROUTE, Status],
  [VERIFY_ROUTE, Verify],
  ['/error', ErrorScreen],
  ['*', NotFound],
];

/** The session popups, from the moment a session begins (and after it ends, to say so). */
const SessionPopups = () => {
  const begun = useSessionValue('sessionStart') !== null;
  const [armed, setArmed] = useState(begun);
  if (begun && !armed) setArmed(true);
  return armed ? (
    <Suspense fallback={null}>
      <SessionTimers />
    </Suspense>
  ) : null;
};

export const App = () => {
  const { pathname } = useLocation();
  return (
    <Layout>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<RouteFallback />}>
          <SessionGuard>
            <Routes>
              {routes.map(([path, Screen]) => (
                <Route key={path} path={path} element={<Screen />} />
              ))}
            </Routes>
          </SessionGuard>
          <TermsGate />
          <SessionPopups />
        </Suspense>
      </ErrorBoundary>
    </Layout>
  );
};
