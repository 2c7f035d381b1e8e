import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { errorContext, logger } from './lib/logger';
import { registerServiceWorker } from './lib/service-worker';
import { scheduleWebVitals } from './lib/web-vitals';
import './styles/globals.css';

window.addEventListener('error', (event) => {
  logger.error('Uncaught error', {
    ...errorContext(event.error ?? event.message),
    source: 'window',
  });
});
window.addEventListener('unhandledrejection', (event) => {
  logger.error('Unhandled rejection', { ...errorContext(event.reason), source: 'window' });
});

try {
  await initI18n();
} catch (error) {
  logger.error('i18n failed to start', errorContext(error));
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
scheduleWebVitals();
