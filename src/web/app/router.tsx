import { lazy, type ReactNode, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../components/ui';
import { useAuth } from '../lib/session';
import { PageLoading } from './page-loading';

// The code of each side loads only when needed: the sign-in page downloads no signed-in screen nor
// the forms of the other signed-out pages, and a signed-in screen none of them (docs/product.md §2).
const loadLoginPage = () => import('../features/auth/login');
const loadSignedOutPages = () => import('../features/auth/form-pages');
const loadSignedInApp = () => import('./signed-in-app');
const loadDashboard = () => import('../features/dashboard');

const LoginPage = lazy(() => loadLoginPage().then((m) => ({ default: m.LoginPage })));
const StaffLoginPage = lazy(() => loadSignedOutPages().then((m) => ({ default: m.StaffLoginPage })));
const ForgotPasswordPage = lazy(() => loadSignedOutPages().then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => loadSignedOutPages().then((m) => ({ default: m.ResetPasswordPage })));
const AcceptInvitationPage = lazy(() =>
  loadSignedOutPages().then((m) => ({ default: m.AcceptInvitationPage })),
);
const VerifyEmailPage = lazy(() => loadSignedOutPages().then((m) => ({ default: m.VerifyEmailPage })));
const SignedInApp = lazy(() => loadSignedInApp().then((m) => ({ default: m.SignedInApp })));

/** The addresses a signed-out visitor may stay on; every other one leads to /login. */
const SIGNED_OUT_PAGES: Array<[string, ReactNode]> = [
  ['/login', <LoginPage key="login" />],
  ['/staff-login', <StaffLoginPage key="staff-login" />],
  ['/forgot-password', <ForgotPasswordPage key="forgot-password" />],
  ['/reset-password', <ResetPasswordPage key="reset-password" />],
  ['/accept-invitation', <AcceptInvitationPage key="accept-invitation" />],
  ['/verify-email', <VerifyEmailPage key="verify-email" />],
];

/** The whole app's routing: which pages exist depends on whether someone is signed in (docs/product.md §2). */
export function AppRouter() {
  // While the session is being checked, fetch the code this address most likely needs rather than
  // wait for the answer (and at /dashboard, where staff land, its page too rather than wait for the
  // layout). Nothing at '/', which a signed-out visitor reaches as often as anyone.
  useEffect(() => {
    const path = window.location.pathname;
    if (path === '/') return;
    const signedOut = SIGNED_OUT_PAGES.some(([page]) => page === path);
    const loads: Promise<unknown>[] = [];
    if (path === '/login') loads.push(loadLoginPage());
    else if (signedOut) loads.push(loadSignedOutPages());
    else loads.push(loadSignedInApp());
    if (path === '/dashboard') loads.push(loadDashboard());
    for (const load of loads) {
      load.catch(() => {
        // Only a head start: the page loads it again when shown, and says so if it cannot.
      });
    }
  }, []);

  return (
    <BrowserRouter>
      <PageLoading>
        <SessionRoutes />
      </PageLoading>
    </BrowserRouter>
  );
}

function SessionRoutes() {
  const { status } = useAuth();

  if (status === 'loading') return <PageSpinner label="Authenticating..." />;

  if (status === 'signed-out') {
    return (
      <Routes>
        {SIGNED_OUT_PAGES.map(([path, page]) => (
          <Route key={path} path={path} element={page} />
        ))}
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    );
  }

  return <SignedInApp />;
}
