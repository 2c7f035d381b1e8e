/** @jsxImportSource preact */
/**
 * The public pages' content (SPEC §2), as plain server-rendered HTML: only the navigation and the
 * contact form are islands. Every text from the database arrives already rendered and sanitised
 * (`*Html`, apps/server/src/modules/site-content/markdown.ts); everything else is escaped by Preact.
 */
import type {
  ClinicFacts,
  PageText,
  PostDetail,
  PostPage,
  PostSummary,
  SiteImage,
  SpecialistCard,
  SpecialistDetail,
  Testimonial,
} from '@painlab/shared/site-content';
import { Alert, BUTTON_PRIMARY_LG, INPUT, interpolate, type Lang } from '../ui';
import { languageName, longDate, tagLabel as slugLabel } from './format';
import { BUTTON_SECONDARY_LG, CONTAINER, LINK_TEXT, PROSE } from './layout';
import type { SiteTexts } from './texts';

export interface PageContext {
  lang: Lang;
  t: SiteTexts;
  clinicName: string;
  clinic: ClinicFacts | null;
  /** `?lang=xx` when the address chose the language, else ''. */
  lq: string;
  /** The contact form island's HTML (home and contact pages). */
  contactForm?: string;
}

const href = (c: PageContext, path: string, hash = '') => `${path}${c.lq}${hash}`;

/** A tag as shown: its name in the page's language (site.json `tags`), else the slug in words. */
function label(c: PageContext, tag: string): string {
  return (c.t.tags as Record<string, string>)[tag] ?? slugLabel(tag);
}

function Html({ html, class: cls }: { html: string; class?: string }) {
  return <div class={cls} dangerouslySetInnerHTML={{ __html: html }} />;
}

function PageHeader({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead?: string }) {
  return (
    <div class="border-b border-slate-200 bg-gradient-to-b from-teal-50/80 to-white">
      <div class={`${CONTAINER} py-12 md:py-16`}>
        {eyebrow ? (
          <p class="text-sm font-semibold tracking-wider text-teal-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 class="mt-2 max-w-3xl text-3xl font-semibold tracking-tight text-balance text-slate-900 md:text-4xl">
          {title}
        </h1>
        {lead ? <p class="mt-4 max-w-2xl text-lg text-slate-700">{lead}</p> : null}
      </div>
    </div>
  );
}

function SectionTitle({ id, title, link }: { id: string; title: string; link?: [string, string] }) {
  return (
    <div class="flex flex-wrap items-end justify-between gap-3">
      <h2 id={id} class="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      {link ? (
        <a href={link[0]} class={LINK_TEXT}>
          {link[1]} <span aria-hidden="true">→</span>
        </a>
      ) : null}
    </div>
  );
}

function Fallback({ text }: { text: string }) {
  return (
    <div class="mb-6" lang="en">
      <Alert tone="info">{text}</Alert>
    </div>
  );
}

/**
 * A post's cover (ADR 0036): WebP and JPEG at 320/640/1280 px, the browser picking by `sizes`;
 * width and height reserve its place. On the post's own page it is the largest thing above the
 * fold, so it loads first; in a list it waits until it is near the screen.
 */
function Cover({ image, sizes, lead }: { image: SiteImage; sizes: string; lead: boolean }) {
  return (
    <picture>
      <source type="image/webp" srcset={image.srcsetWebp} sizes={sizes} />
      <img
        src={image.src}
        srcset={image.srcsetJpeg}
        sizes={sizes}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={lead ? 'eager' : 'lazy'}
        fetchpriority={lead ? 'high' : 'auto'}
        decoding="async"
        class={
          lead
            ? 'h-auto w-full rounded-xl bg-slate-100'
            : 'aspect-[16/9] w-full rounded-t-xl bg-slate-100 object-cover'
        }
      />
    </picture>
  );
}

export function Avatar({ s, size }: { s: SpecialistCard; size: 'md' | 'lg' }) {
  const px = size === 'lg' ? 112 : 56;
  const cls = size === 'lg' ? 'h-28 w-28 text-3xl' : 'h-14 w-14 text-lg';
  if (s.photo) {
    // square variants of 320/640/1280 px: the browser picks by the shown size and the screen density
    const sizes = `${px}px`;
    return (
      <picture class="shrink-0">
        <source type="image/webp" srcset={s.photo.srcsetWebp} sizes={sizes} />
        <img
          src={s.photo.src}
          srcset={s.photo.srcsetJpeg}
          sizes={sizes}
          alt={s.photo.alt}
          width={s.photo.width}
          height={s.photo.height}
          loading={size === 'lg' ? 'eager' : 'lazy'}
          decoding="async"
          class={`${cls} rounded-full object-cover`}
        />
      </picture>
    );
  }
  return s.photoUrl ? (
    <img
      src={s.photoUrl}
      alt=""
      width={px}
      height={px}
      class={`${cls} shrink-0 rounded-full object-cover`}
    />
  ) : (
    <span
      aria-hidden="true"
      class={`${cls} flex shrink-0 items-center justify-center rounded-full bg-teal-100 font-semibold text-teal-800`}
    >
      {s.initials}
    </span>
  );
}

function Chips({ items }: { items: string[] }) {
  return (
    <ul class="flex flex-wrap gap-1.5">
      {items.map((i) => (
        <li
          key={i}
          class="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700"
        >
          {i}
        </li>
      ))}
    </ul>
  );
}

function SpecialistCardView({
  c,
  s,
  headingLevel = 3,
}: {
  c: PageContext;
  s: SpecialistCard;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li class="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div class="flex items-center gap-4">
        <Avatar s={s} size="md" />
        <div>
          <H class="font-semibold text-slate-900">
            <a
              href={href(c, `/especialistas/${s.slug}`)}
              class="rounded hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
            >
              {s.name}
            </a>
          </H>
          <p class="text-sm text-slate-600">{s.credentials}</p>
        </div>
      </div>
      <p class="mt-3 flex-1 text-sm text-slate-700">{s.role}</p>
      <div class="mt-3">
        <Chips items={s.specialties.slice(0, 3)} />
      </div>
    </li>
  );
}

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <p class="flex gap-0.5 text-amber-500" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          aria-hidden="true"
          class={`h-4 w-4 ${i <= rating ? '' : 'text-slate-300'}`}
        >
          <path
            fill="currentColor"
            d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z"
          />
        </svg>
      ))}
    </p>
  );
}

function TestimonialCard({ c, t }: { c: PageContext; t: Testimonial }) {
  return (
    <li class="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <Stars rating={t.rating} label={interpolate(c.t.testimonials.rating, { rating: t.rating })} />
      <blockquote class="mt-3 flex-1 text-slate-800" lang={t.lang}>
        <p>“{t.quote}”</p>
      </blockquote>
      <p class="mt-4 text-sm font-semibold text-slate-900">{t.authorName}</p>
      <p class="text-sm text-slate-600">{t.context}</p>
    </li>
  );
}

function PostCard({
  c,
  p,
  headingLevel = 3,
}: {
  c: PageContext;
  p: PostSummary;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li class="flex flex-col rounded-xl border border-slate-200 bg-white shadow-sm" lang={p.lang}>
      {p.cover ? (
        <Cover image={p.cover} sizes="(min-width: 768px) 24rem, 100vw" lead={false} />
      ) : null}
      <div class="flex flex-1 flex-col p-6">
        <p class="text-xs font-medium tracking-wide text-teal-700 uppercase">
          {p.tags.map((x) => label(c, x)).join(' · ')}
        </p>
        <H class="mt-2 text-lg font-semibold text-slate-900">
          <a
            href={href(c, `/blog/${p.slug}`)}
            class="rounded hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            {p.title}
          </a>
        </H>
        <p class="mt-2 flex-1 text-sm text-slate-700">{p.summary}</p>
        <p class="mt-4 text-xs text-slate-600" lang={c.lang}>
          {p.author.name} · <time dateTime={p.publishedAt}>{longDate(p.publishedAt, c.lang)}</time>{' '}
          · {interpolate(c.t.blog.readingTime, { minutes: p.readingMinutes })}
        </p>
      </div>
    </li>
  );
}

export function ClinicFactsView({ c }: { c: PageContext }) {
  const f = c.clinic;
  const t = c.t.contact;
  if (!f) return null;
  return (
    <dl class="grid content-start gap-5 text-slate-700">
      <div>
        <dt class="text-sm font-semibold text-slate-900">{t.address}</dt>
        <dd class="mt-1">
          <address class="not-italic">
            {f.street}
            <br />
            {f.postalCode} {f.city}
          </address>
          <a
            href={f.mapUrl}
            class={`${LINK_TEXT} mt-1 inline-block text-sm`}
            rel="noopener noreferrer"
            target="_blank"
          >
            {t.map} <span aria-hidden="true">↗</span>
          </a>
        </dd>
      </div>
      <div>
        <dt class="text-sm font-semibold text-slate-900">{t.phone}</dt>
        <dd class="mt-1">
          <a href={`tel:${f.phone.replace(/\s/g, '')}`} class={LINK_TEXT}>
            {f.phone}
          </a>
        </dd>
      </div>
      <div>
        <dt class="text-sm font-semibold text-slate-900">{t.email}</dt>
        <dd class="mt-1">
          <a href={`mailto:${f.email}`} class={LINK_TEXT}>
            {f.email}
          </a>
        </dd>
      </div>
      <div>
        <dt class="text-sm font-semibold text-slate-900">{t.hours}</dt>
        <dd class="mt-1">
          <ul>
            {f.hours.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </dd>
      </div>
    </dl>
  );
}

function ContactSection({ c, headingLevel }: { c: PageContext; headingLevel: 1 | 2 }) {
  const t = c.t.contact;
  const H = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section id="contacto" aria-labelledby="contacto-title" class="scroll-mt-20">
      <div class={`${CONTAINER} py-14`}>
        <H
          id="contacto-title"
          class="text-2xl font-semibold tracking-tight text-slate-900 md:text-3xl"
        >
          {t.title}
        </H>
        <p class="mt-3 max-w-2xl text-slate-700">{t.lead}</p>
        <div class="mt-8 grid gap-10 lg:grid-cols-[1fr_2fr]">
          <ClinicFactsView c={c} />
          <div class="rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:p-8">
            <Html html={c.contactForm ?? ''} />
          </div>
        </div>
      </div>
    </section>
  );
}

// ---- pages ----

export function HomePage({
  c,
  specialists,
  posts,
  testimonials,
}: {
  c: PageContext;
  specialists: SpecialistCard[];
  posts: PostSummary[];
  testimonials: Testimonial[];
}) {
  const t = c.t.home;
  const nav = c.t.nav;
  return (
    <>
      <section class="bg-gradient-to-b from-teal-50 to-white">
        <div class={`${CONTAINER} py-16 md:py-24`}>
          <p class="text-sm font-semibold tracking-wider text-teal-700 uppercase">{t.eyebrow}</p>
          <h1 class="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-balance text-slate-900 md:text-5xl">
            {t.title}
          </h1>
          <p class="mt-5 max-w-2xl text-lg text-slate-700">
            {interpolate(t.lead, { clinicName: c.clinicName })}
          </p>
          <div class="mt-8 flex flex-wrap gap-3">
            <a href="#contacto" class={BUTTON_PRIMARY_LG}>
              {t.primary}
            </a>
            <a href="#servicios" class={BUTTON_SECONDARY_LG}>
              {t.secondary}
            </a>
          </div>
          <ul class="mt-10 grid gap-3 text-sm text-slate-700 sm:grid-cols-3">
            {[t.trust1, t.trust2, t.trust3].map((item) => (
              <li key={item} class="flex items-center gap-2">
                <svg viewBox="0 0 20 20" aria-hidden="true" class="h-5 w-5 shrink-0 text-teal-700">
                  <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" stroke-width="2.2" />
                </svg>
                {item}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="servicios"
        aria-labelledby="servicios-title"
        class={`${CONTAINER} scroll-mt-20 py-14`}
      >
        <SectionTitle id="servicios-title" title={t.servicesTitle} />
        <p class="mt-2 max-w-2xl text-slate-700">{t.servicesLead}</p>
        <ul class="mt-8 grid gap-5 md:grid-cols-2">
          {(
            [
              ['/servicios/terapia-dolor-cronico', nav.chronicPainTherapy, t.painService],
              ['/servicios/talleres-manejo-estres', nav.stressWorkshops, t.stressService],
            ] as const
          ).map(([path, title, body]) => (
            <li
              key={path}
              class="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8"
            >
              <h3 class="text-xl font-semibold text-slate-900">{title}</h3>
              <p class="mt-2 flex-1 text-slate-700">{body}</p>
              <a href={href(c, path)} class={`${LINK_TEXT} mt-5 self-start`}>
                {t.more}
                <span class="sr-only">: {title}</span> <span aria-hidden="true">→</span>
              </a>
            </li>
          ))}
        </ul>
        <p class="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
          <span class="font-semibold text-slate-900">{t.alsoTitle}:</span>
          <a href={href(c, '/taller')} class={LINK_TEXT}>
            {t.workshopLink}
          </a>
          <a href={href(c, '/cerodolor')} class={LINK_TEXT}>
            {t.communityLink}
          </a>
        </p>
      </section>

      <section aria-labelledby="equipo-title" class="border-y border-slate-200 bg-slate-50">
        <div class={`${CONTAINER} py-14`}>
          <SectionTitle
            id="equipo-title"
            title={t.teamTitle}
            link={[href(c, '/especialistas'), t.teamAll]}
          />
          <ul class="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {specialists.map((s) => (
              <SpecialistCardView key={s.slug} c={c} s={s} />
            ))}
          </ul>
        </div>
      </section>

      {posts.length ? (
        <section aria-labelledby="blog-title" class={`${CONTAINER} py-14`}>
          <SectionTitle
            id="blog-title"
            title={t.postsTitle}
            link={[href(c, '/blog'), t.postsAll]}
          />
          <ul class="mt-8 grid gap-5 md:grid-cols-3">
            {posts.map((p) => (
              <PostCard key={p.slug} c={c} p={p} />
            ))}
          </ul>
        </section>
      ) : null}

      {testimonials.length ? (
        <section
          aria-labelledby="testimonios-title"
          class="border-y border-slate-200 bg-teal-50/50"
        >
          <div class={`${CONTAINER} py-14`}>
            <SectionTitle
              id="testimonios-title"
              title={t.testimonialsTitle}
              link={[href(c, '/testimonios'), t.testimonialsAll]}
            />
            <ul class="mt-8 grid gap-5 md:grid-cols-3">
              {testimonials.map((x) => (
                <TestimonialCard key={x.id} c={c} t={x} />
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <ContactSection c={c} headingLevel={2} />
    </>
  );
}

export function TextPage({
  c,
  text,
  team,
  cta,
}: {
  c: PageContext;
  text: PageText;
  team: SpecialistCard[];
  cta: 'pain' | 'stress' | 'community';
}) {
  const s = c.t.service;
  return (
    <>
      <PageHeader title={text.title} lead={text.summary} />
      <div class={`${CONTAINER} grid gap-12 py-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]`}>
        <article lang={text.lang}>
          {text.fallback ? <Fallback text={s.fallback} /> : null}
          <Html html={text.bodyHtml} class={PROSE} />
          <p class="mt-10 text-sm text-slate-500" lang={c.lang}>
            {interpolate(s.updated, { date: longDate(text.updatedAt, c.lang) })}
          </p>
        </article>
        <aside class="flex flex-col gap-8">
          <div class="rounded-xl border border-teal-200 bg-teal-50 p-6">
            <h2 class="text-lg font-semibold text-slate-900">{s.ctaTitle}</h2>
            <p class="mt-2 text-sm text-slate-700">{cta === 'stress' ? s.ctaStress : s.ctaPain}</p>
            <div class="mt-4 flex flex-col gap-2">
              <a href={href(c, '/contacto')} class={BUTTON_PRIMARY_LG}>
                {s.requestVisit}
              </a>
              {cta !== 'pain' ? (
                <a href={href(c, '/taller')} class={BUTTON_SECONDARY_LG}>
                  {s.seeWorkshops}
                </a>
              ) : null}
            </div>
          </div>
          {team.length ? (
            <div>
              <h2 class="text-lg font-semibold text-slate-900">{s.team}</h2>
              <ul class="mt-4 flex flex-col gap-4">
                {team.map((m) => (
                  <li key={m.slug} class="flex items-center gap-3">
                    <Avatar s={m} size="md" />
                    <div>
                      <a href={href(c, `/especialistas/${m.slug}`)} class={LINK_TEXT}>
                        {m.name}
                      </a>
                      <p class="text-sm text-slate-600">{m.role}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </aside>
      </div>
    </>
  );
}

export function BlogPage({
  c,
  list,
  tag,
  q,
}: {
  c: PageContext;
  list: PostPage;
  tag: string | null;
  q: string | null;
}) {
  const b = c.t.blog;
  const link = (params: { tag?: string | null; page?: number }) => {
    const sp = new URLSearchParams();
    if (params.tag) sp.set('tag', params.tag);
    if (q) sp.set('q', q);
    if (params.page && params.page > 1) sp.set('page', String(params.page));
    if (c.lq) sp.set('lang', c.lang);
    const s = sp.toString();
    return `/blog${s ? `?${s}` : ''}`;
  };
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-600 ${
      active
        ? 'border-teal-700 bg-teal-700 text-white'
        : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
    }`;
  return (
    <>
      <PageHeader title={b.title} lead={b.lead} />
      <div class={`${CONTAINER} py-10`}>
        <form method="get" action="/blog" role="search" class="flex max-w-xl gap-2">
          <label for="blog-q" class="sr-only">
            {b.search}
          </label>
          <input
            id="blog-q"
            name="q"
            type="search"
            value={q ?? ''}
            maxLength={100}
            placeholder={b.search}
            class={INPUT}
          />
          {tag ? <input type="hidden" name="tag" value={tag} /> : null}
          {c.lq ? <input type="hidden" name="lang" value={c.lang} /> : null}
          <button
            type="submit"
            class="h-10 rounded-md bg-teal-700 px-4 text-sm font-medium text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            {b.searchButton}
          </button>
        </form>
        <nav aria-label={b.tags} class="mt-6">
          <ul class="flex flex-wrap gap-2">
            <li>
              <a href={link({})} class={chip(!tag)} aria-current={!tag ? 'page' : undefined}>
                {b.allTags}
              </a>
            </li>
            {list.tags.map((x) => (
              <li key={x}>
                <a
                  href={link({ tag: x })}
                  class={chip(tag === x)}
                  aria-current={tag === x ? 'page' : undefined}
                >
                  {label(c, x)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p class="mt-6 text-sm text-slate-600" role="status">
          {list.total ? interpolate(b.results, { count: list.total }) : b.noResults}
        </p>
        <ul class="mt-4 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {list.items.map((p) => (
            <PostCard key={p.slug} c={c} p={p} headingLevel={2} />
          ))}
        </ul>
        {list.pages > 1 ? (
          <nav
            aria-label={b.pagination}
            class="mt-10 flex items-center justify-between gap-4 text-sm"
          >
            {list.page > 1 ? (
              <a href={link({ tag, page: list.page - 1 })} rel="prev" class={LINK_TEXT}>
                ← {b.previous}
              </a>
            ) : (
              <span />
            )}
            <span class="text-slate-600">
              {interpolate(b.page, { page: list.page, pages: list.pages })}
            </span>
            {list.page < list.pages ? (
              <a href={link({ tag, page: list.page + 1 })} rel="next" class={LINK_TEXT}>
                {b.next} →
              </a>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </>
  );
}

export function PostView({ c, post }: { c: PageContext; post: PostDetail }) {
  const b = c.t.blog;
  return (
    <>
      <div class={CONTAINER}>
        <article class="mx-auto max-w-3xl py-10 md:py-14">
          <p>
            <a href={href(c, '/blog')} class={`${LINK_TEXT} text-sm`}>
              ← {b.back}
            </a>
          </p>
          {post.fallback ? (
            <div class="mt-6">
              <Fallback text={b.fallback} />
            </div>
          ) : null}
          <header class="mt-6" lang={post.lang}>
            <p class="text-xs font-medium tracking-wide text-teal-700 uppercase">
              {post.tags.map((x) => label(c, x)).join(' · ')}
            </p>
            <h1 class="mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 md:text-4xl">
              {post.title}
            </h1>
            <p class="mt-4 text-lg text-slate-700">{post.summary}</p>
            <p class="mt-5 text-sm text-slate-600" lang={c.lang}>
              {b.by}{' '}
              <a href={href(c, `/especialistas/${post.author.slug}`)} class={LINK_TEXT}>
                {post.author.name}
              </a>
              {post.author.credentials ? `, ${post.author.credentials}` : ''} ·{' '}
              <time dateTime={post.publishedAt}>{longDate(post.publishedAt, c.lang)}</time> ·{' '}
              {interpolate(b.readingTime, { minutes: post.readingMinutes })}
            </p>
          </header>
          {post.cover ? (
            <div class="mt-8">
              <Cover image={post.cover} sizes="(min-width: 48rem) 48rem, 100vw" lead />
            </div>
          ) : null}
          <div lang={post.lang} class="mt-8 border-t border-slate-200 pt-8">
            <Html html={post.bodyHtml} class={PROSE} />
          </div>
        </article>
      </div>
      {post.related.length ? (
        <section aria-labelledby="related-title" class="border-t border-slate-200 bg-slate-50">
          <div class={`${CONTAINER} py-12`}>
            <SectionTitle id="related-title" title={b.related} />
            <ul class="mt-6 grid gap-5 md:grid-cols-3">
              {post.related.map((p) => (
                <PostCard key={p.slug} c={c} p={p} />
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}

export function SpecialistsPage({
  c,
  specialists,
}: {
  c: PageContext;
  specialists: SpecialistCard[];
}) {
  const t = c.t.specialists;
  return (
    <>
      <PageHeader title={t.title} lead={t.lead} />
      <ul class={`${CONTAINER} grid gap-5 py-12 sm:grid-cols-2 lg:grid-cols-4`}>
        {specialists.map((s) => (
          <SpecialistCardView key={s.slug} c={c} s={s} headingLevel={2} />
        ))}
      </ul>
    </>
  );
}

export function SpecialistPage({
  c,
  specialist: s,
  posts,
}: {
  c: PageContext;
  specialist: SpecialistDetail;
  posts: PostSummary[];
}) {
  const t = c.t.specialists;
  return (
    <div class={`${CONTAINER} py-10 md:py-14`}>
      <p>
        <a href={href(c, '/especialistas')} class={`${LINK_TEXT} text-sm`}>
          ← {t.all}
        </a>
      </p>
      <div class="mt-6 grid gap-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <article>
          <header class="flex flex-col gap-5 sm:flex-row sm:items-center">
            <Avatar s={s} size="lg" />
            <div>
              <h1 class="text-3xl font-semibold tracking-tight text-slate-900">{s.name}</h1>
              <p class="mt-1 text-slate-600">{s.credentials}</p>
              <p class="mt-2 text-lg text-slate-800">{s.role}</p>
            </div>
          </header>
          {s.fallback ? (
            <div class="mt-8">
              <Fallback text={t.fallback} />
            </div>
          ) : null}
          <div lang={s.lang} class="mt-8">
            <Html html={s.bioHtml} class={PROSE} />
          </div>
          {posts.length ? (
            <section aria-labelledby="posts-title" class="mt-12">
              <h2 id="posts-title" class="text-xl font-semibold text-slate-900">
                {t.posts}
              </h2>
              <ul class="mt-4 grid gap-5 md:grid-cols-2">
                {posts.map((p) => (
                  <PostCard key={p.slug} c={c} p={p} />
                ))}
              </ul>
            </section>
          ) : null}
        </article>
        <aside class="flex flex-col gap-6 rounded-xl border border-slate-200 bg-slate-50 p-6 self-start">
          <div>
            <h2 class="text-sm font-semibold text-slate-900">{t.specialties}</h2>
            <div class="mt-2">
              <Chips items={s.specialties} />
            </div>
          </div>
          <div>
            <h2 class="text-sm font-semibold text-slate-900">{t.languages}</h2>
            <p class="mt-1 text-slate-700">
              {s.languages.map((l) => languageName(l, c.lang)).join(', ')}
            </p>
          </div>
          {s.qualifications.length ? (
            <div>
              <h2 class="text-sm font-semibold text-slate-900">{t.qualifications}</h2>
              <ul class="mt-1 list-disc pl-5 text-sm text-slate-700" lang="es">
                {s.qualifications.map((q) => (
                  <li key={q} class="mt-1">
                    {q}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <a href={href(c, '/contacto')} class={BUTTON_PRIMARY_LG}>
            {t.book}
          </a>
        </aside>
      </div>
    </div>
  );
}

export function TestimonialsPage({
  c,
  testimonials,
}: {
  c: PageContext;
  testimonials: Testimonial[];
}) {
  const t = c.t.testimonials;
  return (
    <>
      <PageHeader title={t.title} lead={t.lead} />
      <div class={`${CONTAINER} py-12`}>
        {testimonials.length ? (
          <ul class="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {testimonials.map((x) => (
              <TestimonialCard key={x.id} c={c} t={x} />
            ))}
          </ul>
        ) : (
          <p class="text-slate-700">{t.empty}</p>
        )}
      </div>
    </>
  );
}

export function ContactPage({ c }: { c: PageContext }) {
  return <ContactSection c={c} headingLevel={1} />;
}

export function NotFoundPage({ c }: { c: PageContext }) {
  const t = c.t.notFound;
  return (
    <div class={`${CONTAINER} py-24 text-center`}>
      <p class="text-sm font-semibold tracking-wider text-teal-700 uppercase">404</p>
      <h1 class="mt-2 text-3xl font-semibold tracking-tight text-slate-900">{t.title}</h1>
      <p class="mt-4 text-slate-700">{t.body}</p>
      <div class="mt-8 flex flex-wrap justify-center gap-3">
        <a href={href(c, '/')} class={BUTTON_PRIMARY_LG}>
          {t.home}
        </a>
        <a href={href(c, '/blog')} class={BUTTON_SECONDARY_LG}>
          {t.blog}
        </a>
      </div>
    </div>
  );
}
