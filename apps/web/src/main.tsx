import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Self-hosted, so the console needs no font CDN (and the CSP stays 'self').
import '@fontsource-variable/inter';
import { App } from './app/app';
import { reportConsoleErrors } from './lib/api/error-reports';

// Uncaught errors reach the error log on /logs.
reportConsoleErrors();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
