/**
 * What the public pages of links in messages share (a reminder's confirm/cancel, ADR 0021; a
 * waitlist offer, ADR 0032): the page's frame inside the public layout (whose header has the
 * language switch). The token is read with lib/link-token.ts.
 */

export function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    // inside the public layout's <main>, whose header has the language switch
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
