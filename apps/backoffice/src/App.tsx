// The back office's screens by path. Signed out, every path but set-up shows sign-in; signed in,
// each role starts where its work is (officers and supervisors the queue, auditors search,
// admins the staff list).
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes } from 'react-router';
import { Layout } from './components/Layout.tsx';
import { useSession } from './session.tsx';

const SignIn = lazy(() =>
  import('./screens/sign-in/SignIn.tsx').then((m) => ({ default: m.SignIn })),
);
const Setup = lazy(() => import('./screens/setup/Setup.tsx').then((m) => ({ default: m.Setup })));
const Queue = lazy(() => import('./screens/queue/Queue.tsx').then((m) => ({ default: m.Queue })));
const CaseView = lazy(() =>
  import('./screens/case/CaseView.tsx').then((m) => ({ default: m.CaseView })),
);
const ContactRequests = lazy(() =>
  import('./screens/contact-requests/ContactRequests.tsx').then((m) => ({
    default: m.ContactRequests,
  })),
);
const ContactRequestView = lazy(() =>
  import('./screens/contact-request/ContactRequestView.tsx').then((m) => ({
    default: m.ContactRequestView,
  })),
);
const Reviews = lazy(() =>
  import('./screens/reviews/Reviews.tsx').then((m) => ({ default: m.Reviews })),
);
const ReviewView = lazy(() =>
  import('./screens/review/ReviewView.tsx').then((m) => ({ default: m.ReviewView })),
);
const Search = lazy(() =>
  import('./screens/search/Search.tsx').then((m) => ({ default: m.Search })),
);
const Dashboard = lazy(() =>
  import('./screens/dashboard/Dashboard.tsx').then((m) => ({ default: m.Dashboard })),
);
const Staff = lazy(() => import('./screens/staff/Staff.tsx').then((m) => ({ default: m.Staff })));
const Audit = lazy(() => import('./screens/audit/Audit.tsx').then((m) => ({ default: m.Audit })));
const Carriers = lazy(() =>
  import('./screens/carriers/Carriers.tsx').then((m) => ({ default: m.Carriers })),
);
const CarrierChecks = lazy(() =>
  import('./screens/carrier-checks/CarrierChecks.tsx').then((m) => ({ default: m.CarrierChecks })),
);

const Loading = () => {
  const { t } = useTranslation();
  return (
    <p className="office-loading" role="status">
      {t('loading')}
    </p>
  );
};

const NotFound = () => {
  const { t } = useTranslation();
  return (
    <Layout title={t('notFound.title')}>
      <p>
        <Link to="/">{t('notFound.back')}</Link>
      </p>
    </Layout>
  );
};

const Home = () => {
  const { staff } = useSession();
  if (staff?.role === 'auditor') return <Search />;
  if (staff?.role === 'admin') return <Navigate to="/staff" replace />;
  return <Queue />;
};

export const App = () => {
  const { staff } = useSession();
  return (
    <Suspense fallback={<Loading />}>
      {staff === undefined ? (
        <Loading />
      ) : (
        <Routes>
          <Route path="/setup" element={<Setup />} />
          {staff === null ? (
            <Route path="*" element={<SignIn />} />
          ) : (
            <>
              <Route path="/" element={<Home />} />
              <Route path="/cases/:id" element={<CaseView />} />
              <Route path="/contact-requests" element={<ContactRequests />} />
              <Route path="/contact-requests/:id" element={<ContactRequestView />} />
              <Route path="/reviews" element={<Reviews />} />
              <Route path="/reviews/:id" element={<ReviewView />} />
              <Route path="/search" element={<Search />} />
              <Route path="/dashboard" element={<Dashboard />} />
              <Route path="/staff" element={<Staff />} />
              <Route path="/audit" element={<Audit />} />
              <Route path="/carriers" element={<Carriers />} />
              <Route path="/carrier-checks" element={<CarrierChecks />} />
              <Route path="*" element={<NotFound />} />
            </>
          )}
        </Routes>
      )}
    </Suspense>
  );
};
