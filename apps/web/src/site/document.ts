/**
 * The HTML document around a site page: head (title, description, the app's stylesheet, the site
 * script and its island modules as `modulepreload`), and the islands' props as JSON.
 */
export interface PageAssets {
  /** The web app's built stylesheet(s): the same file the signed-in app uses, cached once. */
  styles: string[];
  /** The site pages' client entry (site/client.ts), hashed. */
  script: string;
  /** The files of the page's island modules, fetched beside the entry. */
  preloads: string[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * JSON for a `<script type="application/json">`: `<` (and `>`, `&`, U+2028/2029) as `\u` escapes,
 * so no value can close the script element or open a comment in it.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** An island: the server-rendered markup, then its props for the client entry. */
export function island(name: string, markup: string, props: unknown): string {
  return `<div data-island="${escapeHtml(name)}">${markup}</div><script type="application/json" data-island-props>${jsonForScript(props)}</script>`;
}

export function htmlDocument(page: {
  lang: string;
  title: string;
  description: string;
  assets: PageAssets;
  body: string;
  /** More of the head, already escaped (canonical, hreflang, Open Graph, JSON-LD). */
  head?: string;
}): string {
  const { assets } = page;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    '<meta name="theme-color" content="#0f766e">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
    '<link rel="manifest" href="/manifest.webmanifest">',
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    `<script type="module" src="${escapeHtml(assets.script)}"></script>`,
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    page.head ?? '',
  ].join('');
  return `<!doctype html><html lang="${escapeHtml(page.lang)}"><head>${head}</head><body>${page.body}</body></html>`;
}
