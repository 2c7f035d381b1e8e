/**
 * Workshops of the public site (`/taller` for Spain, `/taller-USA` for the USA; SPEC §2, issue 10):
 * one registration covers every session of a programme; seats are limited, the rest wait in line.
 */
import { z } from 'zod';
import { SITE_LANGS, type SiteLang } from './site-content';
import { ONE_LINE } from './text';

export const WORKSHOP_MARKETS = ['es', 'us'] as const;
export type WorkshopMarket = (typeof WORKSHOP_MARKETS)[number];
export const WORKSHOP_CURRENCIES = ['EUR', 'USD'] as const;
export type WorkshopCurrency = (typeof WORKSHOP_CURRENCIES)[number];
export const WORKSHOP_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type WorkshopStatus = (typeof WORKSHOP_STATUSES)[number];

/**
 * A registration: `confirmed` holds a seat; `offered` holds one for a waitlisted person until their
 * offer lapses; `waitlisted` waits; `cancelled` and `lapsed` are over.
 */
export const REGISTRATION_STATUSES = [
  'confirmed',
  'offered',
  'waitlisted',
  'cancelled',
  'lapsed',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The page of each market, and its language when the visitor has not chosen one. */
export const WORKSHOP_PAGES = {
  '/taller': { market: 'es', defaultLang: 'es' },
  '/taller-USA': { market: 'us', defaultLang: 'en' },
} as const satisfies Record<string, { market: WorkshopMarket; defaultLang: SiteLang }>;
export type WorkshopPagePath = keyof typeof WORKSHOP_PAGES;

export const WORKSHOP_LIMITS = {
  name: 120,
  email: 254,
  /** Registrations one address may make per hour. */
  perAddressPerHour: 5,
  /**
   * Registration attempts one address may make per hour, refused ones included: an "already
   * registered" answer tells whether an address is on a (health-related) workshop's list, so asking
   * about many addresses must run out too.
   */
  attemptsPerAddressPerHour: 20,
  /** How long a freed seat is held for the first waitlisted person. */
  offerHours: 24,
} as const;

const NO_CONTROL_LINE = ONE_LINE;
const line = (max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: 'too_long' })
    .regex(NO_CONTROL_LINE, { error: 'invalid' });

/** What the registration form sends (JSON or form-encoded). `website` is the honeypot. */
export const workshopRegistrationInputSchema = z.strictObject({
  workshopId: z.uuid({ error: 'invalid' }),
  name: line(WORKSHOP_LIMITS.name),
  email: line(WORKSHOP_LIMITS.email).pipe(z.email({ error: 'invalid_email' })),
  consent: z.literal(true, { error: 'consent_required' }),
  website: z.string().max(200).optional(),
  lang: z.enum(SITE_LANGS).optional(),
});
export type WorkshopRegistrationInput = z.infer<typeof workshopRegistrationInputSchema>;
export type WorkshopField = 'name' | 'email' | 'consent';
export const WORKSHOP_FIELD_ERRORS = [
  'required',
  'too_long',
  'invalid',
  'invalid_email',
  'consent_required',
] as const;
export type WorkshopFieldError = (typeof WORKSHOP_FIELD_ERRORS)[number];

/** One session as a page shows it. */
export interface WorkshopSessionView {
  startsAt: string;
  endsAt: string;
}

/** A workshop as the public page shows it, in one language. */
export interface WorkshopView {
  id: string;
  slug: string;
  lang: SiteLang;
  fallback: boolean;
  title: string;
  summary: string;
  description: string;
  market: WorkshopMarket;
  /** IANA zone the sessions are held in (times are shown in it, and in the visitor's). */
  timeZone: string;
  venue: string | null;
  address: string | null;
  online: boolean;
  /** The meeting platform's name (the link itself is sent with the confirmation). */
  onlinePlatform: string | null;
  priceCents: number;
  currency: WorkshopCurrency;
  capacity: number;
  seatsLeft: number;
  waitlisted: number;
  facilitator: string;
  sessions: WorkshopSessionView[];
}

/** What a registration answered. */
export type RegistrationOutcome = 'confirmed' | 'waitlisted';

/** The registration form's state on the page (no JavaScript: errors and what was typed). */
export interface WorkshopFormState {
  workshopId: string | null;
  values: Partial<Record<'name' | 'email' | 'consent', string>>;
  errors: Partial<Record<WorkshopField, WorkshopFieldError>>;
  /** A refusal of the whole form. */
  refusal: 'rate_limited' | 'already_registered' | 'closed' | null;
}

/** The result pages: after registering, and the links of the e-mails (cancel, confirm an offer). */
export type WorkshopResult =
  | {
      kind: 'registered';
      outcome: RegistrationOutcome;
      position: number | null;
      title: string;
      /** The page the visitor registered on (the way back). */
      from: WorkshopPagePath;
    }
  | {
      kind: 'cancel';
      state: 'ask' | 'done' | 'already' | 'expired' | 'invalid';
      title: string | null;
      token: string | null;
    }
  | {
      kind: 'offer';
      state: 'ask' | 'done' | 'lapsed' | 'invalid' | 'already';
      title: string | null;
      token: string | null;
      expiresAt: string | null;
    };

// ---- staff ----

const isoInstant = z.iso.datetime({ offset: true });
export const workshopSessionInputSchema = z
  .strictObject({ startsAt: isoInstant, endsAt: isoInstant })
  .refine((s) => Date.parse(s.endsAt) > Date.parse(s.startsAt), {
    error: 'session_end_before_start',
    path: ['endsAt'],
  });

const text = (max: number) => z.string().trim().min(1).max(max);
export const workshopInputSchema = z
  .strictObject({
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .max(80),
    market: z.enum(WORKSHOP_MARKETS),
    status: z.enum(WORKSHOP_STATUSES),
    titleEs: text(160),
    titleEn: text(160).nullable(),
    summaryEs: text(400),
    summaryEn: text(400).nullable(),
    descriptionEs: text(4000),
    descriptionEn: text(4000).nullable(),
    facilitator: text(160),
    timeZone: z.string().refine(
      (z) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: z });
          return true;
        } catch {
          return false;
        }
      },
      { error: 'invalid_time_zone' },
    ),
    venue: text(200).nullable(),
    address: text(300).nullable(),
    onlineUrl: z
      .url({ protocol: /^https$/ })
      .max(500)
      .nullable(),
    onlinePlatform: text(60).nullable(),
    priceCents: z.number().int().min(0).max(10_000_000),
    currency: z.enum(WORKSHOP_CURRENCIES),
    capacity: z.number().int().min(1).max(1000),
    sessions: z.array(workshopSessionInputSchema).min(1).max(52),
  })
  .refine((w) => (w.titleEn === null) === (w.summaryEn === null), {
    error: 'english_all_or_nothing',
    path: ['summaryEn'],
  })
  .refine((w) => (w.titleEn === null) === (w.descriptionEn === null), {
    error: 'english_all_or_nothing',
    path: ['descriptionEn'],
  })
  .refine((w) => w.onlineUrl !== null || w.venue !== null, {
    error: 'place_or_link_required',
    path: ['venue'],
  });
export type WorkshopInput = z.infer<typeof workshopInputSchema>;

export const staffWorkshopSchema = z.object({
  id: z.string(),
  slug: z.string(),
  market: z.enum(WORKSHOP_MARKETS),
  status: z.enum(WORKSHOP_STATUSES),
  titleEs: z.string(),
  titleEn: z.string().nullable(),
  summaryEs: z.string(),
  summaryEn: z.string().nullable(),
  descriptionEs: z.string(),
  descriptionEn: z.string().nullable(),
  facilitator: z.string(),
  timeZone: z.string(),
  venue: z.string().nullable(),
  address: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  onlinePlatform: z.string().nullable(),
  priceCents: z.number().int(),
  currency: z.enum(WORKSHOP_CURRENCIES),
  capacity: z.number().int(),
  sessions: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })),
  confirmed: z.number().int(),
  offered: z.number().int(),
  waitlisted: z.number().int(),
  updatedAt: z.string(),
});
export type StaffWorkshop = z.infer<typeof staffWorkshopSchema>;

export const staffRegistrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  lang: z.enum(SITE_LANGS),
  status: z.enum(REGISTRATION_STATUSES),
  /** Place in the waitlist (1 = next), for waitlisted people only. */
  position: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type StaffRegistration = z.infer<typeof staffRegistrationSchema>;
