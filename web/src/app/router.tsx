import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useDispatch } from 'react-redux';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Loading } from '../components/loading';
import { LandingRoute as Landing } from '../features/marketing/routes/landing';
import { rememberArrivalPath } from '../lib/return-to';
import { AS_OF_PARAM } from '../lib/as-of';
import { useSession } from '../lib/session';
import { DashboardFrame } from './layouts/dashboard-frame';
import { PublicLayout } from './layouts/public-layout';
import type { AppDispatch } from './store';

/*
 * Every screen is its own chunk: the landing page downloads neither the signed-in screens nor
 * ApexCharts. The signed-in chrome (header, bankroll) is lazy too. The landing itself is in the
 * entry (~5 KB gzip): as a chunk it was fetched only once the entry had run (a round trip later),
 * and its footer, painted under the loading fallback, was pushed down when it came (Lighthouse
 * counted that shift against the page's first visit).
 */
/**
 * A screen's lazy component and its preload. Once its chunk is in, the component resolves at once
 * (React takes any thenable; this one answers synchronously), so a screen preloaded before it is
 * shown renders without first committing its Suspense fallback, which React would then keep on
 * screen for at least 300 ms.
 */
function screen(load: () => Promise<ComponentType>, read?: (dispatch: AppDispatch) => Promise<unknown>) {
  let loaded: { default: ComponentType } | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = { default: component };
      return loaded;
    });
  const component = lazy(() => {
    const done = loaded;
    return (done ? { then: (resolve: (m: typeof done) => void) => resolve(done) } : preload()) as Promise<{ default: ComponentType }>;
  });
  return { component, preload, read };
}

/** How long the first screen waits for its reads (readFirstScreen) before it renders without them. */
const FIRST_READS_MS = 1_000;

const appLayout = screen(() => import('./layouts/app-layout').then((m) => m.AppLayout));
/** The signed-in screens by path: the one asked for is fetched while the session is checked. */
const signedIn = {
  '/': screen(
    () => import('./routes/dashboard').then((m) => m.DashboardRoute),
    (dispatch) => import('./routes/dashboard').then((m) => m.readFirstScreen(dispatch)),
  ),
  '/history': screen(() => import('../features/bets/routes/bet-history').then((m) => m.BetHistoryRoute)),
  '/parlays': screen(() => import('../features/parlays/routes/parlays').then((m) => m.ParlaysRoute)),
  '/streaks': screen(() => import('../features/streaks/routes/streaks').then((m) => m.StreaksRoute)),
  '/journal': screen(() => import('../features/journal/routes/journal').then((m) => m.JournalRoute)),
  '/goals': screen(() => import('../features/goals/routes/goals').then((m) => m.GoalsRoute)),
  '/bankroll': screen(() => import('../features/bankroll/routes/bankroll').then((m) => m.BankrollRoute)),
  '/analytics': screen(() => import('../features/analytics/routes/analytics').then((m) => m.AnalyticsRoute)),
  '/reports/tax': screen(() => import('../features/reports/routes/tax-year').then((m) => m.TaxYearRoute)),
  '/settings': screen(() => import('../features/settings/routes/settings').then((m) => m.SettingsRoute)),
};

const AppLayout = appLayout.component;
const NotFound = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));

const Privacy = lazy(() => import('../features/marketing/routes/privacy').then((m) => ({ default: m.PrivacyRoute })));
const Terms = lazy(() => import('../features/marketing/routes/terms').then((m) => ({ default: m.TermsRoute })));
const Contact = lazy(() => import('../features/marketing/routes/contact').then((m) => ({ default: m.ContactRoute })));
const PublicProfile = lazy(() =>
  import('../features/public-profile/routes/public-profile').then((m) => ({ default: m.PublicProfileRoute })),
);
const Pricing = lazy(() => import('../features/marketing/routes/pricing').then((m) => ({ default: m.PricingRoute })));
const Login = lazy(() => import('../features/auth/routes/login').then((m) => ({ default: m.LoginRoute })));
const Signup = lazy(() => import('../features/auth/routes/signup').then((m) => ({ default: m.SignupRoute })));
const ForgotPassword = lazy(() => import('../features/auth/routes/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })));
const ResetPassword = lazy(() => import('../features/auth/routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })));

/**
 * Whether the first signed-in screen's code is in. Its chunks (the app chrome and the screen asked
 * for) are fetched as soon as there is a token, alongside the session check (GET /api/auth/me, a
 * round trip) rather than after it, and the loading screen stays until both are in, so the screen
 * then appears whole, in one commit. Later screens load behind their Suspense fallback as usual.
 * A token the check refuses wasted only those downloads; a failed download is left to the lazy
 * component that needs it (it asks again, and shows its own error).
 */
function useFirstScreenLoaded(signedInOrChecking: boolean): boolean {
  const { pathname, search } = useLocation();
  const dispatch = useDispatch<AppDispatch>();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!signedInOrChecking || loaded) return;
    let cancelled = false;
    const page = signedIn[pathname as keyof typeof signedIn];
    // After the session provider's effect has sent the check (a parent's effects run after its
    // children's). Each preload adds a <link rel=modulepreload> per chunk it needs (the chrome's
    // first, about nine): the screen's in a task of its own, so neither is a long task on a phone.
    let timer = window.setTimeout(() => {
      const layout = appLayout.preload();
      timer = window.setTimeout(() => {
        // Today's reads of the screen (past days are replays, read by the screen itself), started
        // once its code is in; the screen waits for them, at most FIRST_READS_MS.
        const reads = page?.read && !new URLSearchParams(search).has(AS_OF_PARAM) ? page.read : undefined;
        const screenReady = page
          ?.preload()
          .then(() => (reads ? Promise.race([reads(dispatch), new Promise((resolve) => setTimeout(resolve, FIRST_READS_MS))]) : undefined));
        void Promise.allSettled([layout, screenReady]).then(() => {
          if (!cancelled) startTransition(() => setLoaded(true));
        });
      });
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
    // `search` is read once, for the first screen: a later change of it does not start this again.
  }, [signedInOrChecking, loaded, pathname, dispatch]);
  return loaded;
}

/**
 * A signed-in screen asked for while signed out shows the landing page (spec 6), and keeps the
 * screen for after the sign-in (a link to /history lands there once signed in, not on /).
 */
function LandingKeepingPath() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (pathname in signedIn) rememberArrivalPath(pathname + search);
  }, [pathname, search]);
  return <Landing />;
}

/** Pages open to everyone; signed in they sit in the app chrome, signed out in the public one. */
const sharedPages = (
  <>
    <Route path="/privacy" element={<Privacy />} />
    <Route path="/terms" element={<Terms />} />
    <Route path="/contact" element={<Contact />} />
    <Route path="/pricing" element={<Pricing />} />
    <Route path="/u/:handle" element={<PublicProfile />} />
  </>
);

/** The route map of spec 2.1. */
export function AppRouter() {
  const { status } = useSession();
  const firstScreenLoaded = useFirstScreenLoaded(status !== 'anonymous');
  const { pathname } = useLocation();
  if (status === 'checking' || (status === 'authenticated' && !firstScreenLoaded)) {
    return pathname === '/' ? <DashboardFrame /> : <Loading fullScreen />;
  }

  if (status === 'anonymous') {
    return (
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/landing" element={<Landing />} />
          <Route path="/login" element={<Login />} />
          <Route path="/signup" element={<Signup />} />
          <Route path="/forgot-password" element={<ForgotPassword />} />
          <Route path="/reset-password" element={<ResetPassword />} />
          {sharedPages}
          <Route path="*" element={<LandingKeepingPath />} />
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
          <Route path="/forgot-password" element={<ForgotPassword />} />
          <Route path="/reset-password" element={<ResetPassword />} />
        </Route>
        <Route element={<AppLayout />}>
          {Object.entries(signedIn).map(([path, { component: Screen }]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          {sharedPages}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
