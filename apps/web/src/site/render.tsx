/** @jsxImportSource preact */
/**
 * The server's entry to the site pages (built by `vite build -c vite.site-ssr.config.ts` into
 * `dist-ssr/site.js`, loaded by apps/server/src/http/site-pages.ts at start). Each page is a
 * function from what the server knows (language, clinic name, the request's outcome) and the built
 * assets to a whole HTML document. Rendering is synchronous and touches nothing but its input.
 */
import { renderToString } from 'preact-render-to-string';
import { htmlDocument, island, type PageAssets } from './document';
import { ISLAND_SOURCES } from './islands';
import { LoginPage, pageTitle, type LoginPageProps } from './login/login-page';
import { LOGIN_TEXTS } from './login/texts';
import type { Lang } from './ui';

export type { PageAssets } from './document';
export type { Refusal } from './login/refusal';
export { publicIslandsOf, renderPublicPage, type PublicRenderInput } from './public/render-public';
export { ISLAND_SOURCES };

/** The islands of each page (their modules are preloaded with the page). */
export const PAGE_ISLANDS = {
  login: ['login'],
  public: ['site-nav'],
  'public-contact': ['site-nav', 'contact'],
  'public-workshops': ['site-nav', 'local-times'],
} as const satisfies Record<string, readonly (keyof typeof ISLAND_SOURCES)[]>;

export type LoginRenderInput = Omit<LoginPageProps, 'texts'> & { assets: PageAssets };

export function renderLoginPage({ assets, ...input }: LoginRenderInput): string {
  const props: LoginPageProps = { ...input, texts: LOGIN_TEXTS };
  const texts = LOGIN_TEXTS[input.lang];
  return htmlDocument({
    lang: input.lang,
    title: pageTitle(texts, input.clinicName),
    description: texts.metaDescription,
    assets,
    body: island('login', renderToString(<LoginPage {...props} />), props),
  });
}

export const SITE_LANGUAGES: readonly Lang[] = ['en', 'es'];
