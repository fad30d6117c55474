import { ShieldAlert } from 'lucide-react';
import { lazy, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { hasRoleRank, type Role, roleTitle } from '../../domain/roles';
import { Button } from '../components/ui';
import { useAuth } from '../lib/session';
import { NoticePage } from './notice-page';
import { PageLoading } from './page-loading';

// Few accounts ever meet a gate: its screens (the account forms, the QR code) load only then,
// not with every signed-in page.
const ExpiredPasswordScreen = lazy(() =>
  import('../features/account').then((m) => ({ default: m.ExpiredPasswordScreen })),
);
const TwoFactorSetupScreen = lazy(() =>
  import('../features/account').then((m) => ({ default: m.TwoFactorSetupScreen })),
);

/**
 * What System Settings ask of the signed-in account before the app (docs/product.md D13): a new
 * password once the old one has expired, then an authenticator when two-factor sign-in is required.
 * The server refuses the rest of the API meanwhile; this shows the way through instead of the app.
 */
export function SignInGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user?.must_change_password)
    return (
      <PageLoading>
        <ExpiredPasswordScreen />
      </PageLoading>
    );
  if (user?.must_set_up_two_factor)
    return (
      <PageLoading>
        <TwoFactorSetupScreen />
      </PageLoading>
    );
  return children;
}

/** Renders `children` only for a user of `role`'s rank or higher (docs/product.md §6); otherwise Access Denied. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { user } = useAuth();
  if (user && hasRoleRank(user.role, role)) return children;
  return <AccessDenied requiredRole={role} />;
}

/** Did the user reach this page from another page of the app (so "back" stays inside it)? */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** The page a user sees at a route their role does not reach. */
export function AccessDenied({ requiredRole }: { requiredRole: Role }) {
  const navigate = useNavigate();
  return (
    <NoticePage
      icon={ShieldAlert}
      iconTone="bg-red-50 text-red-600"
      title="Access Denied"
      message={`You don't have permission to access this resource. Required role: ${roleTitle(requiredRole)}`}
    >
      <Button
        className="mt-6"
        variant="secondary"
        onClick={() => (canGoBack() ? navigate(-1) : navigate('/dashboard', { replace: true }))}
      >
        Go Back
      </Button>
    </NoticePage>
  );
}
