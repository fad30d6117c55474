import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../components/ui';
import {
  AcceptInvitationPage,
  ForgotPasswordPage,
  LoginPage,
  ResetPasswordPage,
  StaffLoginPage,
  VerifyEmailPage,
} from '../features/auth';
import { useAuth } from '../lib/session';
import { RequireRole, SignInGate } from './guards';
import { AppLayout } from './layout/app-layout';
import { appRoutes } from './routes';

/** The whole app's routing: which pages exist depends on whether someone is signed in (docs/product.md §2). */
export function AppRouter() {
  return (
    <BrowserRouter>
      <SessionRoutes />
    </BrowserRouter>
  );
}

function SessionRoutes() {
  const { status } = useAuth();

  if (status === 'loading') return <PageSpinner label="Authenticating..." />;

  if (status === 'signed-out') {
    return (
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/staff-login" element={<StaffLoginPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    );
  }

  return (
    <SignInGate>
      <SignedInRoutes />
    </SignInGate>
  );
}

function SignedInRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<Navigate to="/dashboard" replace />} />
        {appRoutes.map(({ path, element, minRole }) => (
          <Route
            key={path}
            path={path}
            element={minRole ? <RequireRole role={minRole}>{element}</RequireRole> : element}
          />
        ))}
      </Route>
      {/* /login and the other signed-out pages, and any unknown path. */}
      <Route path="*" element={<Navigate to="/dashboard" replace />} />
    </Routes>
  );
}
