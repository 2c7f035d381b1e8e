/**
 * The appointments waitlist (issue 11, ADR 0032): a patient waits for a specialist (or any) and an
 * appointment type, inside an optional window of dates and times of day. A freed slot (a cancelled
 * or moved visit) is offered to the first matching entry, first come first served, with a
 * time-limited link; an offer that lapses or is declined goes to the next entry.
 */
import { z } from 'zod';
import { APPOINTMENT_MODALITIES, calendarDateSchema } from './appointments';

/** How long an offer holds a freed slot before it goes to the next person (never past its start). */
export const WAITLIST_OFFER_HOURS = 2;

/** waiting: in the queue; offered: holds an open offer; booked: took one; removed: taken off. */
export const WAITLIST_ENTRY_STATUSES = ['waiting', 'offered', 'booked', 'removed'] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];

/** open until taken, declined, lapsed, or withdrawn (the slot went to someone else, the entry was removed). */
export const WAITLIST_OFFER_STATUSES = [
  'open',
  'taken',
  'declined',
  'lapsed',
  'withdrawn',
] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/** Times of day in the slot's own zone: morning before 12:00, afternoon 12–17, evening from 17:00. */
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

export const WAITLIST_LIMITS = { note: 500 } as const;

const id = z.string().max(100);

/** A new entry: staff name the patient; a patient's own entry leaves it out. */
export const createWaitlistEntrySchema = z
  .strictObject({
    patientId: id.optional(),
    /** null or absent: any specialist. */
    specialistId: id.nullable().optional(),
    typeId: id,
    earliestDate: calendarDateSchema.nullable().optional(),
    latestDate: calendarDateSchema.nullable().optional(),
    timesOfDay: z
      .array(z.enum(TIMES_OF_DAY, { error: 'invalid_choice' }))
      .max(TIMES_OF_DAY.length)
      .optional(),
    note: z.string().trim().max(WAITLIST_LIMITS.note, { error: 'too_long' }).nullable().optional(),
  })
  .refine((v) => !v.earliestDate || !v.latestDate || v.earliestDate <= v.latestDate, {
    path: ['latestDate'],
    error: 'end_before_start',
  });
export type CreateWaitlistEntryInput = z.input<typeof createWaitlistEntrySchema>;

const person = z.object({ id: z.string(), name: z.string() });
const typeName = z.object({ id: z.string(), name: z.object({ es: z.string(), en: z.string() }) });

/** An open offer, as its patient (or staff) sees it. */
export const waitlistOfferSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  specialist: person,
  type: typeName,
  modality: z.enum(APPOINTMENT_MODALITIES),
  location: z.string().nullable(),
  expiresAt: z.string(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

export const waitlistEntrySchema = z.object({
  id: z.string(),
  patient: person,
  /** null: any specialist. */
  specialist: person.nullable(),
  type: typeName,
  earliestDate: z.string().nullable(),
  latestDate: z.string().nullable(),
  timesOfDay: z.array(z.enum(TIMES_OF_DAY)),
  note: z.string().nullable(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  /** When it joined: the queue is first come, first served. */
  createdAt: z.string(),
  offer: waitlistOfferSchema.nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistListSchema = z.object({
  items: z.array(waitlistEntrySchema),
  /** The viewer may add entries (a patient: the clinic lets patients book or request). */
  canAdd: z.boolean(),
});
export type WaitlistList = z.infer<typeof waitlistListSchema>;

/** The token of an offer's link, posted by the public page (it rides in the URL fragment). */
export const waitlistLinkInputSchema = z.strictObject({
  token: z.string({ error: 'invalid_value' }).max(100, { error: 'too_long' }),
});

/** What the offer's page shows before acting. */
export const waitlistLinkViewSchema = z.object({
  clinic: z.string(),
  patientFirstName: z.string(),
  offer: waitlistOfferSchema,
});
export type WaitlistLinkView = z.infer<typeof waitlistLinkViewSchema>;

export const WAITLIST_OFFER_OUTCOMES = ['booked', 'declined'] as const;
export const waitlistOfferResultSchema = z.object({
  outcome: z.enum(WAITLIST_OFFER_OUTCOMES),
  /** The booked appointment's id (outcome `booked`). */
  appointmentId: z.string().nullable(),
});
export type WaitlistOfferResult = z.infer<typeof waitlistOfferResultSchema>;
