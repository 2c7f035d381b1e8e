/**
 * What search engines and link previews read in a public page's head: canonical address, the page in
 * the other language (`hreflang` es/en, and x-default without `?lang`), Open Graph, and schema.org
 * JSON-LD (a data script: the CSP does not run it, and `jsonForScript` keeps it from closing early).
 */
import { escapeHtml, jsonForScript } from '../document';
import type { Lang } from '../ui';

export interface Seo {
  lang: Lang;
  origin: string;
  path: string;
  /** The page's own query (page, tag, words), `?…` or ''. */
  query: string;
  title: string;
  description: string;
  type: 'website' | 'article' | 'profile';
  siteName: string;
  /** schema.org objects. */
  jsonLd: object[];
  /** The address asked for carried `?lang=` (otherwise it is the x-default alternate). */
  langInUrl: boolean;
  /** `noindex` for search results and errors. */
  noindex?: boolean;
  /** A picture for link previews (a post's cover): absolute address, size and alt text. */
  image?: { url: string; width: number; height: number; alt: string } | null;
}

export function pageUrl(origin: string, path: string, query: string, lang: Lang | null): string {
  const q = [query.replace(/^\?/, ''), lang ? `lang=${lang}` : ''].filter(Boolean).join('&');
  return `${origin}${path}${q ? `?${q}` : ''}`;
}

export function seoHead(s: Seo): string {
  // self-referential: the address asked for, with `?lang` only when it carried one. A bare address
  // is the x-default alternate (its language negotiated); pointing its canonical at `?lang=…`, another
  // alternate, tells search engines two things at once (Lighthouse's `canonical` audit fails it)
  const url = pageUrl(s.origin, s.path, s.query, s.langInUrl ? s.lang : null);
  const attr = escapeHtml;
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${attr(content)}">`;
  return [
    s.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${attr(url)}">`,
    `<link rel="alternate" hreflang="es" href="${attr(pageUrl(s.origin, s.path, s.query, 'es'))}">`,
    `<link rel="alternate" hreflang="en" href="${attr(pageUrl(s.origin, s.path, s.query, 'en'))}">`,
    `<link rel="alternate" hreflang="x-default" href="${attr(pageUrl(s.origin, s.path, s.query, null))}">`,
    meta('og:type', s.type),
    meta('og:site_name', s.siteName),
    meta('og:title', s.title),
    meta('og:description', s.description),
    meta('og:url', url),
    meta('og:locale', s.lang === 'es' ? 'es_ES' : 'en_GB'),
    meta('og:locale:alternate', s.lang === 'es' ? 'en_GB' : 'es_ES'),
    ...(s.image
      ? [
          meta('og:image', s.image.url),
          meta('og:image:width', String(s.image.width)),
          meta('og:image:height', String(s.image.height)),
          meta('og:image:alt', s.image.alt),
        ]
      : []),
    `<meta name="twitter:card" content="${s.image ? 'summary_large_image' : 'summary'}">`,
    ...s.jsonLd.map(
      (data) =>
        `<script type="application/ld+json">${jsonForScript({ '@context': 'https://schema.org', ...data })}</script>`,
    ),
  ].join('');
}
