/**
 * Markdown of the site's content (posts, biographies, page texts) to HTML that is safe to put in a
 * page: `marked` renders it (raw HTML in the source stays text to be sanitised, not trusted), then
 * `sanitize-html` keeps only an allow-list of elements and attributes, links only to http(s),
 * mailto, tel or this site, and opens external links with `rel="noopener noreferrer"`. Staff write
 * this content, but an account can be taken over: nothing in it may run a script in a visitor's
 * browser.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'del',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'sup',
    'sub',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // a heading level 1 belongs to the page: the content's own start at level 2
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      return {
        tagName,
        attribs: external
          ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' }
          : { href, ...(attribs.title ? { title: attribs.title } : {}) },
      };
    },
  },
};

/** Markdown → sanitised HTML. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source) as string;
  return sanitizeHtml(html, OPTIONS);
}

/** Words of a Markdown text, for reading time (≈ 220 words a minute, rounded up). */
export function readingMinutes(source: string): number {
  const words = source
    .replace(/[#>*_`[\]()-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 220));
}
