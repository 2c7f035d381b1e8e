/**
 * The token of a link in a message (a reminder's confirm/cancel, ADR 0021; a questionnaire, ADR
 * 0016; a waitlist offer, ADR 0032; a staff invitation, ADR 0031) travels in the URL fragment, which
 * the browser never sends: it stays out of server and proxy logs and the Referer. It is read once
 * per page load and removed from the address bar (and so from history).
 */

/** Read once per page load (a second render, or React's strict double call, finds it taken). */
let taken: { path: string; token: string | null } | null = null;

export function readLinkToken(): string | null {
  if (taken && taken.path === window.location.pathname) return taken.token;
  const token = window.location.hash.slice(1) || null;
  taken = { path: window.location.pathname, token };
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}
