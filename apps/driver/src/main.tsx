import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './styles.css';

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
