/**
 * What the public pages of links in messages share (a reminder's confirm/cancel, ADR 0021; a
 * waitlist offer, ADR 0032): the token read once from the URL fragment and removed from the address
 * bar, and the page's frame inside the public layout (whose header has the language switch).
 */

/** Read once per page load (React's strict double call finds it taken). */
let taken: { path: string; token: string | null } | null = null;

export function readToken(): string | null {
  if (taken && taken.path === window.location.pathname) return taken.token;
  const token = window.location.hash.slice(1) || null;
  taken = { path: window.location.pathname, token };
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

export function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    // inside the public layout's <main>, whose header has the language switch
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
