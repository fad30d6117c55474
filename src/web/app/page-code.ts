/**
 * The code each side of the app loads on demand (docs/product.md §2): the sign-in page downloads no
 * signed-in screen nor the forms of the other signed-out pages, and a signed-in screen none of them.
 * Each is asked for once, here: start-early.ts asks first, and the pages (on-demand-page.tsx) find
 * it already loaded.
 */
import { onDemand } from './code-on-demand';
import { SCREEN_CODE } from './screen-code';

/** The addresses a signed-out visitor may stay on; every other one leads to /login. */
export const SIGNED_OUT_PATHS = [
  '/login',
  '/staff-login',
  '/forgot-password',
  '/reset-password',
  '/accept-invitation',
  '/verify-email',
] as const;

export type SignedOutPath = (typeof SIGNED_OUT_PATHS)[number];

const isSignedOutPath = (path: string) => (SIGNED_OUT_PATHS as readonly string[]).includes(path);

export const loginPageCode = onDemand(() => import('../features/auth/login'));
export const signedOutPagesCode = onDemand(() => import('../features/auth/form-pages'));
export const signedInAppCode = onDemand(() => import('./signed-in-app'));

/**
 * Fetches the code `path` most likely needs, before anyone knows who is signed in: the sign-in
 * page, the other signed-out pages, or the signed-in app and, beside it, the page at `path`
 * (rather than once the app has rendered and the page asks). Nothing at '/', which a signed-out
 * visitor reaches as often as anyone.
 */
export function startLoadingCodeFor(path: string): void {
  if (path === '/') return;
  const headStartOnly = () => {
    // Only a head start: the page asks again when shown, and says so if it cannot.
  };
  if (path === '/login') loginPageCode.load().catch(headStartOnly);
  else if (isSignedOutPath(path)) signedOutPagesCode.load().catch(headStartOnly);
  else {
    signedInAppCode.load().catch(headStartOnly);
    SCREEN_CODE[path]?.load().catch(headStartOnly);
  }
}
