// First, before React: the session check and this address's code start downloading (see the file).
import './app/start-early';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startAppWorkerAfterLoad } from './app/app-update/start';
import {
  applyToDocument,
  DEFAULT_APPEARANCE,
  PREFERS_DARK_QUERY,
  readSnapshot,
  resolveTheme,
} from './app/appearance';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { setDisplaySettings } from './lib/format';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The last theme, colour, density and date format seen, before the first paint: no flash of the
// defaults while the settings load (the Content-Security-Policy forbids an inline script for this).
const last = readSnapshot();
const system = last?.system ?? DEFAULT_APPEARANCE;
applyToDocument(document.documentElement, {
  theme: resolveTheme(last?.choice, system.theme, window.matchMedia(PREFERS_DARK_QUERY).matches),
  compact: system.compact,
  primaryColor: system.primaryColor,
});
setDisplaySettings({ dateFormat: system.dateFormat, timeZone: system.timeZone, currency: system.currency });

// As a transition, React renders the first screen in slices and lets the phone breathe between
// them (Lighthouse's blocking time on /students 1.2 s -> 0.4 s; docs/decisions/009).
const app = createRoot(root);
startTransition(() =>
  app.render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);

// The service worker that lets the app open offline and offers new versions: after the page loads.
startAppWorkerAfterLoad();
