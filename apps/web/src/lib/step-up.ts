/**
 * A session whose role needs a second factor and has not used one (ADR 0025) is sent to the
 * sign-in page's code step, which returns here afterwards. Once per page: many queries may be
 * refused at the same time.
 */
let leaving = false;

export function leaveForStepUp(): void {
  if (leaving || typeof window === 'undefined') return;
  leaving = true;
  const here = window.location.pathname + window.location.search + window.location.hash;
  window.location.assign(`/login?step=mfa&redirect=${encodeURIComponent(here)}`);
}
