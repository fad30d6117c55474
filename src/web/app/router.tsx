import type { ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../components/ui';
import { useAuth } from '../lib/session';
import { pageOnDemand } from './on-demand-page';
import {
  loginPageCode,
  SIGNED_OUT_PATHS,
  type SignedOutPath,
  signedInAppCode,
  signedOutPagesCode,
} from './page-code';
import { PageLoading } from './page-loading';

const LoginPage = pageOnDemand(loginPageCode, (m) => m.LoginPage);
const StaffLoginPage = pageOnDemand(signedOutPagesCode, (m) => m.StaffLoginPage);
const ForgotPasswordPage = pageOnDemand(signedOutPagesCode, (m) => m.ForgotPasswordPage);
const ResetPasswordPage = pageOnDemand(signedOutPagesCode, (m) => m.ResetPasswordPage);
const AcceptInvitationPage = pageOnDemand(signedOutPagesCode, (m) => m.AcceptInvitationPage);
const VerifyEmailPage = pageOnDemand(signedOutPagesCode, (m) => m.VerifyEmailPage);
const SignedInApp = pageOnDemand(signedInAppCode, (m) => m.SignedInApp);

/** The page at each address a signed-out visitor may stay on; every other one leads to /login. */
const SIGNED_OUT_PAGES: Record<SignedOutPath, ReactNode> = {
  '/login': <LoginPage />,
  '/staff-login': <StaffLoginPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/reset-password': <ResetPasswordPage />,
  '/accept-invitation': <AcceptInvitationPage />,
  '/verify-email': <VerifyEmailPage />,
};

/** The whole app's routing: which pages exist depends on whether someone is signed in (docs/product.md §2). */
export function AppRouter() {
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
        {SIGNED_OUT_PATHS.map((path) => (
          <Route key={path} path={path} element={SIGNED_OUT_PAGES[path]} />
        ))}
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    );
  }

  return <SignedInApp />;
}
