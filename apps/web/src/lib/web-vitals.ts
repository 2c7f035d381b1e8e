/**
 * Performance monitoring (SPEC §7, §9): web-vitals is loaded 1 s after start, off the critical path,
 * and its metrics are sent in batches to `POST /api/vitals` (at most 20 per request), with
 * `sendBeacon` when the page goes away.
 */
import type { Metric } from 'web-vitals';
import { currentRequestLanguage } from './api-client';
import { redactPath } from './logger';

export const VITALS_URL = '/api/vitals';
export const VITALS_DELAY_MS = 1000;
const MAX_METRICS = 20;

type VitalsMetric = {
  name: Metric['name'];
  value: number;
  rating: Metric['rating'];
  id: string;
  navigationType?: string;
  path: string;
};

const queue: VitalsMetric[] = [];

function send(final: boolean): void {
  while (queue.length > 0) {
    const body = JSON.stringify({ metrics: queue.splice(0, MAX_METRICS) });
    if (final && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(VITALS_URL, new Blob([body], { type: 'application/json' })))
        continue;
    }
    fetch(VITALS_URL, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': currentRequestLanguage() },
    }).catch(() => undefined);
  }
}

function record(metric: Metric): void {
  queue.push({
    name: metric.name,
    value: metric.value,
    rating: metric.rating,
    id: metric.id,
    navigationType: metric.navigationType,
    path: redactPath(window.location.pathname).slice(0, 300),
  });
  if (queue.length >= MAX_METRICS) send(false);
}

/** Starts reporting; failures to load the module are ignored (monitoring must never break the app). */
export function scheduleWebVitals(delayMs = VITALS_DELAY_MS): void {
  window.setTimeout(() => {
    import('web-vitals')
      .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        onCLS(record);
        onFCP(record);
        onINP(record);
        onLCP(record);
        onTTFB(record);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') send(true);
        });
        window.addEventListener('pagehide', () => send(true));
      })
      .catch(() => undefined);
  }, delayMs);
}
