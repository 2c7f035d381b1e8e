/**
 * Markdown of the site's content (posts, biographies, page texts) to HTML that is safe to put in a
 * page: `marked` renders it (raw HTML in the source stays text to be sanitised, not trusted), then
 * `sanitize-html` keeps only an allow-list of elements and attributes, links only to http(s),
 * mailto, tel or this site, and opens external links with `rel="noopener noreferrer"`. Staff write
 * this content, but an account can be taken over: nothing in it may run a script in a visitor's
 * browser.
 *
 * Images (ADR 0036): only images uploaded to this site survive — an `img` whose address is not
 * `/api/site/images/<content hash>.<jpg|webp>` of an image the caller looked up (`images`) is
 * removed, so a post cannot load anything from elsewhere (no tracking pixels, no mixed content).
 * A kept image gets its intrinsic width and height (no layout shift), a WebP `srcset` with the JPEG
 * as `src`, `sizes` of the text column, and lazy loading.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { SiteImage } from '@painlab/shared/site-content';

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
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    th: ['align'],
    td: ['align'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
  },
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

/** The path of an uploaded image's variant (images.ts `imageUrl`), anchored. */
const IMAGE_PATH = /^\/api\/site\/images\/([0-9a-f]{32}\.(?:jpg|webp))$/;
/** The names of uploaded images a Markdown text points at (to look them up before rendering). */
export function imageNamesIn(source: string): string[] {
  return [
    ...new Set(
      [...source.matchAll(/\/api\/site\/images\/([0-9a-f]{32}\.(?:jpg|webp))/g)].map((m) => m[1]!),
    ),
  ];
}

/** The width of a post's text column (`max-w-2xl`): what `sizes` tells the browser. */
const TEXT_SIZES = '(min-width: 42rem) 42rem, 100vw';

/**
 * Markdown → sanitised HTML. `images` maps the variant names the text may show (`imageNamesIn`) to
 * their image; any other image is removed.
 */
export function renderMarkdown(source: string, images?: ReadonlyMap<string, SiteImage>): string {
  const html = marked.parse(source) as string;
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, attribs): sanitizeHtml.Tag => {
        const name = IMAGE_PATH.exec(attribs.src ?? '')?.[1];
        const image = name ? images?.get(name) : undefined;
        if (!image) return { tagName, attribs: {} };
        return {
          tagName,
          attribs: {
            src: image.src,
            srcset: image.srcsetWebp,
            sizes: TEXT_SIZES,
            alt: attribs.alt ?? '',
            width: String(image.width),
            height: String(image.height),
            loading: 'lazy',
            decoding: 'async',
          },
        };
      },
    },
    // an image that is not one of ours lost its address above: drop it
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}

/** Words of a Markdown text, for reading time (≈ 220 words a minute, rounded up). */
export function readingMinutes(source: string): number {
  const words = source
    .replace(/[#>*_`[\]()-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 220));
}
