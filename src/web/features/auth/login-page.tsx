import { Link, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '../../../contracts/auth-messages';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { Alert, buttonClasses } from '../../components/ui';
import { cn } from '../../lib/cn';
import { usePublicSettings } from '../../lib/public-settings';
import { useAuthConfig } from './auth.queries';
import { signInErrorView } from './auth-errors';
import { useCarouselIndex } from './carousel';
import { CAROUSEL_SLIDES, IMPACT_FIGURES } from './carousel-slides';
import { DemoDataNotice } from './demo-data-notice';
import { GoogleMark } from './google-mark';

/** /login: Google sign-in or staff ID, over a rotating background with the programme's figures. */
export function LoginPage() {
  const [params] = useSearchParams();
  const systemName = usePublicSettings().data?.system_name ?? DEFAULT_SETTINGS.general.systemName;
  const error = params.get('error');
  const errorView = error === null ? null : signInErrorView(error);
  const config = useAuthConfig();
  const googleDisabled = config.data?.googleEnabled === false;
  const index = useCarouselIndex(CAROUSEL_SLIDES.length);

  return (
    <div className="relative min-h-dvh overflow-hidden bg-emerald-950">
      <div aria-hidden="true">
        {CAROUSEL_SLIDES.map((slide, i) => (
          <img
            key={slide.src}
            src={slide.src}
            alt=""
            decoding="async"
            data-slide-index={i}
            data-slide-active={i === index}
            className={cn(
              'absolute inset-0 size-full object-cover transition-opacity duration-1000 ease-in-out motion-reduce:transition-none',
              i === index ? 'opacity-100' : 'opacity-0',
            )}
          />
        ))}
        <div className="absolute inset-0 bg-gradient-to-b from-emerald-950/80 via-emerald-950/55 to-emerald-950/85 lg:bg-gradient-to-r lg:from-emerald-950/90 lg:via-emerald-950/60 lg:to-emerald-950/30" />
      </div>

      <div className="relative z-10 mx-auto grid min-h-dvh w-full max-w-6xl items-center gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        {/* Shown once the server has said what it offers (Google, demo accounts): the card then
            appears whole instead of growing under the reader's eyes. */}
        <main
          aria-busy={config.isPending}
          className={cn(
            'w-full max-w-md justify-self-center rounded-2xl bg-white p-6 shadow-2xl sm:p-8 lg:order-2 lg:justify-self-end',
            config.isPending && 'invisible',
          )}
        >
          <div className="mb-6 flex items-center gap-3">
            <img src="/favicon.svg" alt="" className="size-10" />
            <span className="text-sm font-semibold tracking-tight text-slate-700">{systemName}</span>
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome</h1>
          <p className="mt-1 text-sm text-slate-600">
            Sign in to manage students, allowances and programme work.
          </p>

          <DemoDataNotice className="mt-5" />

          {errorView && (
            <Alert tone="error" title={errorView.title} className="mt-5">
              {errorView.message}
            </Alert>
          )}

          <div className="mt-6 space-y-3">
            {googleDisabled ? (
              <>
                <button
                  type="button"
                  disabled
                  aria-describedby="google-not-configured"
                  className={buttonClasses('secondary', 'lg', 'w-full')}
                >
                  <GoogleMark />
                  Sign in with Google
                </button>
                <p id="google-not-configured" className="text-center text-xs text-slate-500">
                  {AUTH_MESSAGES.googleNotConfigured}
                </p>
              </>
            ) : (
              <a href="/api/auth/google" className={buttonClasses('secondary', 'lg', 'w-full')}>
                <GoogleMark />
                Sign in with Google
              </a>
            )}

            <div className="flex items-center gap-3 py-1 text-xs text-slate-500" aria-hidden="true">
              <span className="h-px flex-1 bg-slate-200" />
              or
              <span className="h-px flex-1 bg-slate-200" />
            </div>

            <Link to="/staff-login" className={buttonClasses('primary', 'lg', 'w-full')}>
              Staff Login with ID
            </Link>
          </div>

          <p className="mt-6 text-center text-xs text-slate-500">
            For programme staff. Accounts are activated by an administrator.
          </p>
        </main>

        {/* On a phone it sits under the card, which would push it down as it appears whole: it
            waits for the card there (Lighthouse counted that as a layout shift of 0.08). */}
        <section
          aria-labelledby="impact-heading"
          className={cn('text-white lg:order-1', config.isPending && 'max-lg:invisible')}
        >
          <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">
            Student sponsorship · Zambia
          </p>
          <h2 id="impact-heading" className="mt-3 max-w-lg text-3xl font-semibold tracking-tight sm:text-4xl">
            Opening doors to university, college and a confident launch into work.
          </h2>
          <dl className="mt-8 grid max-w-lg grid-cols-3 gap-3 sm:gap-4">
            {IMPACT_FIGURES.map((figure) => (
              <div
                key={figure.label}
                className="flex flex-col rounded-xl bg-white/10 p-3 ring-1 ring-white/20 backdrop-blur-sm sm:p-4"
              >
                <dt className="order-2 mt-1 text-xs text-emerald-50 sm:text-sm">{figure.label}</dt>
                <dd className="text-2xl font-bold text-amber-300 sm:text-3xl">{figure.value}</dd>
              </div>
            ))}
          </dl>
          <div aria-hidden="true" className="mt-8 flex gap-2">
            {CAROUSEL_SLIDES.map((slide, i) => (
              <span
                key={slide.src}
                className={cn(
                  'h-1.5 rounded-full transition-all motion-reduce:transition-none',
                  i === index ? 'w-8 bg-amber-300' : 'w-3 bg-white/40',
                )}
              />
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}
