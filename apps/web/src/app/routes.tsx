import { lazy, Suspense, useDeferredValue } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SignInPage } from '../features/auth/routes/SignInPage';
import { useAuth } from '../lib/session/auth-context';
import { useConfiguration } from '../lib/session/configuration';
import { readStorage, STORAGE_KEYS } from '../lib/storage';
import { lazyPage } from './lazy-page';
import { loadArrival } from './page-loaders';
import { FullPageLoader, PasswordRedirect, TrailingSlashRedirect } from './pages';

const SignUpPage = lazyPage(() => import('../features/auth/routes/SignUpPage'), 'SignUpPage');
const LtiSignInPage = lazyPage(() => import('../features/auth/routes/LtiSignInPage'), 'LtiSignInPage');
const loadSignedInRoutes = () => import('./SignedInRoutes');
const SignedInRoutes = lazy(() => loadSignedInRoutes().then((m) => ({ default: m.SignedInRoutes })));
// With a stored token, the signed-in page's modules are fetched at once, side by side, beside the
// first render: the route table, the frame, the pages' texts and the page itself.
if (readStorage(STORAGE_KEYS.token)) {
  void loadSignedInRoutes().catch(() => undefined);
  loadArrival(window.location.pathname);
}

/** Every route of the app; which tree applies depends on the login state (part 1 §4). */
export function AppRoutes() {
  const location = useLocation();
  const { isLoggedIn, user: currentUser } = useAuth();
  // The signed-in page (frame and page, their modules often loaded by now) first renders in a
  // background render React slices, not in the one task of the user check's answer (issue 35).
  const deferredUser = useDeferredValue(currentUser);
  const user = currentUser && !deferredUser ? null : currentUser;
  const { data: config } = useConfiguration();

  if (location.pathname.length > 1 && location.pathname.endsWith('/')) return <TrailingSlashRedirect />;
  // An LTI launch's landing signs in whoever the LMS sent, signed in here or not.
  if (location.pathname === '/lti-sign-in')
    return (
      <Suspense fallback={<FullPageLoader />}>
        <LtiSignInPage />
      </Suspense>
    );

  if (!isLoggedIn) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <Routes>
          <Route path="/sign-in" element={<SignInPage />} />
          {config?.is_sign_up_available && config.password_sign_in ? (
            <Route path="/sign-up" element={<SignUpPage />} />
          ) : null}
          <Route path="/password" element={<PasswordRedirect />} />
          <Route path="*" element={<Navigate replace to="/sign-in" />} />
        </Routes>
      </Suspense>
    );
  }
  if (!user) {
    // Fetched while the user's details load.
    void loadSignedInRoutes().catch(() => undefined);
    return <FullPageLoader />;
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <SignedInRoutes />
    </Suspense>
  );
}
