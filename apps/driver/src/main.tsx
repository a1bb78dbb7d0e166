import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorReporter } from '@fleet/contract';
import { App } from './App.tsx';
import { driverApi } from './api.ts';
import { loadSession } from './session.ts';
import pkg from '../package.json';
import 'virtual:design-tokens.css';
import './fonts.css';
import './styles.css';

// Uncaught errors reach the error log the tenant's admins read on /logs (signed in only).
installErrorReporter({
  app: 'driver',
  version: pkg.version,
  send: (report) => {
    const session = loadSession();
    return session ? driverApi.reportError(session.token, report) : Promise.resolve();
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker keeps the app's shell on the phone, so the app opens without a network.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/driver/sw.js', { scope: '/driver/' }).catch(() => {
      // no shell cache (a private window, say): the app still runs online
    });
  });
}
