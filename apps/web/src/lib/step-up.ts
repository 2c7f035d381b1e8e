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

/** The settings page's two-step section, where an account whose role must enrol sets a factor up. */
export const ENROL_PATH = '/settings';

/**
 * An account whose role must use a second factor, past its time to set one up (ADR 0038), reaches
 * nothing but /settings: a refused request sends it there (once per page).
 */
export function leaveForEnrolment(): void {
  if (leaving || typeof window === 'undefined' || window.location.pathname === ENROL_PATH) return;
  leaving = true;
  window.location.assign(`${ENROL_PATH}#two-step`);
}
