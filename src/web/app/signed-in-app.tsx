import { Navigate, Route, Routes } from 'react-router';
import { OfflineProvider } from '../features/offline';
import { RequireRole, SignInGate } from './guards';
import { AppLayout } from './layout/app-layout';
import { appRoutes } from './routes';

/**
 * Everything a signed-in account sees: the sign-in gates, then the layout around the current page.
 * Loaded only once someone is signed in, so the sign-in page carries none of it.
 */
export function SignedInApp() {
  return (
    <SignInGate>
      {/* The phone's drafts and outbox, and their sync, for as long as this account is signed in. */}
      <OfflineProvider>
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
      </OfflineProvider>
    </SignInGate>
  );
}
