/** @jsxImportSource preact */
/**
 * A public page as a whole HTML document (renderPublicPage, exported by site/render.tsx): the frame,
 * the page's content, its head for search engines and previews, and its islands (the navigation
 * everywhere, the contact form on / and /contacto).
 */
import { renderToString } from 'preact-render-to-string';
import type { SiteImage, SitePageData, SitePageInput } from '@painlab/shared/site-content';
import { htmlDocument, island, type PageAssets } from '../document';
import { Alert, interpolate } from '../ui';
import { ContactForm, type ContactFormProps, type ContactTexts } from './contact-form';
import { Footer, header, Main, type FrameInput } from './layout';
import {
  BlogPage,
  ContactPage,
  HomePage,
  NotFoundPage,
  PostView,
  SpecialistPage,
  SpecialistsPage,
  TestimonialsPage,
  TextPage,
  type PageContext,
} from './pages';
import { pageUrl, seoHead, type Seo } from './seo';
import { workshopResultTitle, WorkshopResultPage, WorkshopsPage } from './workshops';
import { workshopJsonLd } from './workshops-seo';
import { SITE_TEXTS, type SiteTexts } from './texts';

export type PublicRenderInput = SitePageInput & {
  assets: PageAssets;
  langQuery: string;
  /** A one-time notice at the top of the page (the app has just signed the visitor out). */
  notice?: 'signedOut' | 'loggedOut' | null;
};

/** The islands of a public page (site/render.tsx PAGE_ISLANDS). */
export function publicIslandsOf(
  data: SitePageData,
): 'public' | 'public-contact' | 'public-workshops' {
  if (data.page === 'workshops') return data.workshops.length ? 'public-workshops' : 'public';
  return data.page === 'home' || data.page === 'contact' ? 'public-contact' : 'public';
}

function contactTexts(t: SiteTexts, clinicName: string): ContactTexts {
  const c = t.contact;
  return {
    formTitle: c.formTitle,
    name: c.name,
    emailField: c.emailField,
    phoneField: c.phoneField,
    reason: c.reason,
    reasons: c.reasons,
    message: c.message,
    messageHint: c.messageHint,
    consent: interpolate(c.consent, { clinicName }),
    honeypot: c.honeypot,
    submit: c.submit,
    sending: c.sending,
    sent: c.sent,
    failed: c.failed,
    offline: c.offline,
    rateLimited: c.rateLimited,
    emergency: c.emergency,
    errors: c.errors,
  };
}

function clinicJsonLd(input: SitePageInput): object {
  const f = input.clinic;
  return {
    '@type': 'MedicalClinic',
    '@id': `${input.origin}/#clinic`,
    name: input.clinicName,
    url: `${input.origin}/`,
    ...(f
      ? {
          telephone: f.phone,
          email: f.email,
          address: {
            '@type': 'PostalAddress',
            streetAddress: f.street,
            postalCode: f.postalCode,
            addressLocality: f.city,
            addressRegion: f.region,
            addressCountry: f.country,
          },
          openingHours: f.openingHours,
          hasMap: f.mapUrl,
        }
      : {}),
    availableLanguage: ['es', 'en'],
  };
}

interface Page {
  title: string;
  description: string;
  type: Seo['type'];
  jsonLd: object[];
  body: string;
  noindex?: boolean;
  image?: Seo['image'];
}

function page(input: SitePageInput, c: PageContext): Page {
  const { data, clinicName } = input;
  const t = c.t;
  const m = t.meta;
  const withName = (s: string) => interpolate(s, { clinicName });
  const titled = (s: string) => `${s} · ${clinicName}`;
  const html = (node: preact.VNode) => renderToString(node);
  const url = (path: string) => pageUrl(input.origin, path, '', input.lang);
  switch (data.page) {
    case 'home':
      return {
        title: withName(m.homeTitle),
        description: m.homeDescription,
        type: 'website',
        jsonLd: [clinicJsonLd(input)],
        body: html(
          <HomePage
            c={c}
            specialists={data.specialists}
            posts={data.posts}
            testimonials={data.testimonials}
          />,
        ),
      };
    case 'service':
    case 'community':
      return {
        title: titled(data.text.title),
        description: data.text.summary,
        type: 'website',
        jsonLd: [
          {
            '@type': 'MedicalWebPage',
            name: data.text.title,
            description: data.text.summary,
            inLanguage: data.text.lang,
            url: url(input.path),
            dateModified: data.text.updatedAt,
            publisher: { '@id': `${input.origin}/#clinic` },
          },
          clinicJsonLd(input),
        ],
        body: html(
          <TextPage
            c={c}
            text={data.text}
            team={data.page === 'service' ? data.team : []}
            cta={
              data.page === 'community'
                ? 'community'
                : data.key === 'stress-workshops'
                  ? 'stress'
                  : 'pain'
            }
          />,
        ),
      };
    case 'blog':
      return {
        title: titled(t.blog.title),
        description: withName(m.blogDescription),
        type: 'website',
        jsonLd: [{ '@type': 'Blog', name: `${t.blog.title} · ${clinicName}`, url: url('/blog') }],
        body: html(<BlogPage c={c} list={data.list} tag={data.tag} q={data.q} />),
        // search results are not pages of their own
        noindex: Boolean(data.q),
      };
    case 'post': {
      const cover = data.post.cover ? largestJpeg(data.post.cover, input.origin) : null;
      return {
        title: titled(data.post.title),
        description: data.post.summary,
        type: 'article',
        image: cover,
        jsonLd: [
          {
            '@type': 'BlogPosting',
            headline: data.post.title,
            description: data.post.summary,
            datePublished: data.post.publishedAt,
            inLanguage: data.post.lang,
            keywords: data.post.tags.join(', '),
            url: url(input.path),
            mainEntityOfPage: url(input.path),
            author: {
              '@type': 'Person',
              name: data.post.author.name,
              url: url(`/especialistas/${data.post.author.slug}`),
            },
            publisher: { '@type': 'MedicalClinic', name: clinicName, url: `${input.origin}/` },
            ...(cover ? { image: cover.url } : {}),
          },
        ],
        body: html(<PostView c={c} post={data.post} />),
      };
    }
    case 'specialists':
      return {
        title: titled(t.specialists.title),
        description: withName(m.specialistsDescription),
        type: 'website',
        jsonLd: [clinicJsonLd(input)],
        body: html(<SpecialistsPage c={c} specialists={data.specialists} />),
      };
    case 'specialist': {
      const s = data.specialist;
      const physician = /\bMD\b/.test(s.credentials);
      return {
        title: titled(s.name),
        description: `${s.name}, ${s.role}. ${s.specialties.join(', ')}.`,
        type: 'profile',
        jsonLd: [
          {
            '@type': physician ? 'Physician' : 'Person',
            name: s.name,
            url: url(input.path),
            ...(physician ? { medicalSpecialty: s.specialties } : { jobTitle: s.role }),
            knowsLanguage: s.languages,
            ...(s.photo
              ? { image: `${input.origin}${s.photo.src}` }
              : s.photoUrl
                ? { image: s.photoUrl }
                : {}),
            [physician ? 'parentOrganization' : 'worksFor']: { '@id': `${input.origin}/#clinic` },
          },
          clinicJsonLd(input),
        ],
        body: html(<SpecialistPage c={c} specialist={s} posts={data.posts} />),
      };
    }
    case 'testimonials':
      return {
        title: titled(t.testimonials.title),
        description: withName(m.testimonialsDescription),
        type: 'website',
        jsonLd: [clinicJsonLd(input)],
        body: html(<TestimonialsPage c={c} testimonials={data.testimonials} />),
      };
    case 'contact':
      return {
        title: titled(t.contact.title),
        description: withName(m.contactDescription),
        type: 'website',
        jsonLd: [clinicJsonLd(input)],
        body: html(<ContactPage c={c} />),
      };
    case 'workshops': {
      const w = t.workshops;
      const us = data.market === 'us';
      return {
        title: titled(us ? w.titleUs : w.titleEs),
        description: us ? w.metaUs : w.metaEs,
        type: 'website',
        jsonLd: [
          ...data.workshops.map((ws) => workshopJsonLd(ws, input, url(input.path))),
          clinicJsonLd(input),
        ],
        body: html(
          <WorkshopsPage
            t={w}
            lang={input.lang}
            lq={c.lq}
            market={data.market}
            workshops={data.workshops}
            form={data.form}
            clinicName={clinicName}
          />,
        ),
      };
    }
    case 'workshop-result':
      return {
        title: titled(workshopResultTitle(data.result, t.workshops)),
        description: t.workshops.metaEs,
        type: 'website',
        jsonLd: [],
        body: html(
          <WorkshopResultPage t={t.workshops} lang={input.lang} lq={c.lq} result={data.result} />,
        ),
        // personal result pages and the e-mails' links are not for search engines
        noindex: true,
      };
    case 'not-found':
      return {
        title: titled(t.notFound.title),
        description: m.notFoundDescription,
        type: 'website',
        jsonLd: [],
        body: html(<NotFoundPage c={c} />),
        noindex: true,
      };
  }
}

export function renderPublicPage(input: PublicRenderInput): string {
  const t = SITE_TEXTS[input.lang];
  const { data } = input;
  let contactForm: string | undefined;
  if (data.page === 'home' || data.page === 'contact') {
    const props: ContactFormProps = {
      lang: input.lang,
      texts: contactTexts(t, input.clinicName),
      from: data.page === 'home' ? '/' : '/contacto',
      state: data.contact,
      idPrefix: 'contact',
    };
    contactForm = island('contact', renderToString(<ContactForm {...props} />), props);
  }
  const c: PageContext = {
    lang: input.lang,
    t,
    clinicName: input.clinicName,
    clinic: input.clinic,
    lq: input.langQuery,
    ...(contactForm ? { contactForm } : {}),
  };
  const p = page(input, c);
  const frame: FrameInput = {
    lang: input.lang,
    texts: t,
    clinicName: input.clinicName,
    clinic: input.clinic,
    path: input.path,
    query: input.query,
    langQuery: input.langQuery,
  };
  const body = `<div class="flex min-h-dvh flex-col bg-white">${header(frame)}${renderToString(
    <Main>
      {input.notice ? (
        <div class="mx-auto w-full max-w-6xl px-4 pt-4 md:px-6">
          <Alert tone="info">{t.notices[input.notice]}</Alert>
        </div>
      ) : null}
      <div dangerouslySetInnerHTML={{ __html: p.body }} />
    </Main>,
  )}${renderToString(<Footer f={frame} />)}</div>`;
  return htmlDocument({
    lang: input.lang,
    title: p.title,
    description: p.description,
    assets: input.assets,
    body,
    head: seoHead({
      lang: input.lang,
      origin: input.origin,
      path: input.path,
      query: input.query,
      title: p.title,
      description: p.description,
      type: p.type,
      siteName: input.clinicName,
      langInUrl: input.langQuery !== '',
      jsonLd: p.jsonLd,
      ...(p.noindex ? { noindex: true } : {}),
      ...(p.image ? { image: p.image } : {}),
    }),
  });
}

/** The largest JPEG of an image (the last of its `srcset`), as an absolute address with its size. */
function largestJpeg(image: SiteImage, origin: string) {
  const last = image.srcsetJpeg.split(', ').at(-1)?.split(' ')[0] ?? image.src;
  return { url: `${origin}${last}`, width: image.width, height: image.height, alt: image.alt };
}
