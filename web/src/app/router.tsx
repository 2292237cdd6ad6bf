import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading } from '../components/loading';
import { LandingRoute as Landing } from '../features/marketing/routes/landing';
import { useSession } from '../lib/session';
import { PublicLayout } from './layouts/public-layout';

/*
 * Every screen is its own chunk: the landing page downloads neither the signed-in screens nor
 * ApexCharts. The signed-in chrome (header, bankroll) is lazy too. The landing itself is in the
 * entry (~5 KB gzip): as a chunk it was fetched only once the entry had run (a round trip later),
 * and its footer, painted under the loading fallback, was pushed down when it came (Lighthouse
 * counted that shift against the page's first visit).
 */
const AppLayout = lazy(() => import('./layouts/app-layout').then((m) => ({ default: m.AppLayout })));
const NotFound = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));
const Dashboard = lazy(() => import('./routes/dashboard').then((m) => ({ default: m.DashboardRoute })));

const Privacy = lazy(() => import('../features/marketing/routes/privacy').then((m) => ({ default: m.PrivacyRoute })));
const Terms = lazy(() => import('../features/marketing/routes/terms').then((m) => ({ default: m.TermsRoute })));
const Contact = lazy(() => import('../features/marketing/routes/contact').then((m) => ({ default: m.ContactRoute })));
const Pricing = lazy(() => import('../features/marketing/routes/pricing').then((m) => ({ default: m.PricingRoute })));
const Login = lazy(() => import('../features/auth/routes/login').then((m) => ({ default: m.LoginRoute })));
const Signup = lazy(() => import('../features/auth/routes/signup').then((m) => ({ default: m.SignupRoute })));

const BetHistory = lazy(() => import('../features/bets/routes/bet-history').then((m) => ({ default: m.BetHistoryRoute })));
const Parlays = lazy(() => import('../features/parlays/routes/parlays').then((m) => ({ default: m.ParlaysRoute })));
const Streaks = lazy(() => import('../features/streaks/routes/streaks').then((m) => ({ default: m.StreaksRoute })));
const Journal = lazy(() => import('../features/journal/routes/journal').then((m) => ({ default: m.JournalRoute })));
const Goals = lazy(() => import('../features/goals/routes/goals').then((m) => ({ default: m.GoalsRoute })));
const Analytics = lazy(() => import('../features/analytics/routes/analytics').then((m) => ({ default: m.AnalyticsRoute })));
const Settings = lazy(() => import('../features/settings/routes/settings').then((m) => ({ default: m.SettingsRoute })));

/** Pages open to everyone; signed in they sit in the app chrome, signed out in the public one. */
const sharedPages = (
  <>
    <Route path="/privacy" element={<Privacy />} />
    <Route path="/terms" element={<Terms />} />
    <Route path="/contact" element={<Contact />} />
    <Route path="/pricing" element={<Pricing />} />
  </>
);

/** The route map of spec 2.1. */
export function AppRouter() {
  const { status } = useSession();
  if (status === 'checking') return <Loading fullScreen />;

  if (status === 'anonymous') {
    return (
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/landing" element={<Landing />} />
          <Route path="/login" element={<Login />} />
          <Route path="/signup" element={<Signup />} />
          {sharedPages}
          <Route path="*" element={<Landing />} />
        </Route>
      </Routes>
    );
  }

  return (
    <Suspense fallback={<Loading fullScreen />}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/landing" element={<Landing />} />
          <Route path="/login" element={<Login />} />
          <Route path="/signup" element={<Signup />} />
        </Route>
        <Route element={<AppLayout />}>
          <Route index element={<Dashboard />} />
          <Route path="/history" element={<BetHistory />} />
          <Route path="/parlays" element={<Parlays />} />
          <Route path="/streaks" element={<Streaks />} />
          <Route path="/journal" element={<Journal />} />
          <Route path="/goals" element={<Goals />} />
          <Route path="/analytics" element={<Analytics />} />
          <Route path="/settings" element={<Settings />} />
          {sharedPages}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
