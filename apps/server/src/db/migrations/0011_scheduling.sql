-- btree_gist lets one GiST exclusion constraint compare the specialist (=) and the time range (&&).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "appointment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"specialist_id" text NOT NULL,
	"type_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"modality" text NOT NULL,
	"location" text,
	"status" text NOT NULL,
	"notes" text,
	"patient_note" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"cancel_reason" text,
	"cancelled_by" text,
	"cancelled_by_role" text,
	"cancelled_at" timestamp with time zone,
	"rebooked_from_id" uuid,
	"booked_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_range_check" CHECK ("appointment"."starts_at" < "appointment"."ends_at" and "appointment"."ends_at" <= "appointment"."blocked_until"),
	CONSTRAINT "appointment_status_check" CHECK ("appointment"."status" in ('pending','confirmed','cancelled','completed','no_show')),
	CONSTRAINT "appointment_modality_check" CHECK ("appointment"."modality" in ('in_person','telehealth')),
	CONSTRAINT "appointment_cancel_check" CHECK (("appointment"."status" = 'cancelled') = ("appointment"."cancel_reason" is not null and "appointment"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "appointment_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"patient_booking" text DEFAULT 'request' NOT NULL,
	"cancel_notice_hours" integer DEFAULT 24 NOT NULL,
	"time_zone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_settings_one_row" CHECK ("appointment_settings"."id" = 1),
	CONSTRAINT "appointment_settings_booking_check" CHECK ("appointment_settings"."patient_booking" in ('self','request','view')),
	CONSTRAINT "appointment_settings_notice_check" CHECK ("appointment_settings"."cancel_notice_hours" between 0 and 336)
);
--> statement-breakpoint
CREATE TABLE "appointment_type" (
	"id" text PRIMARY KEY NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"bookable_by" text DEFAULT 'staff' NOT NULL,
	"modality" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "appointment_type_duration_check" CHECK ("appointment_type"."duration_minutes" between 5 and 480),
	CONSTRAINT "appointment_type_buffer_check" CHECK ("appointment_type"."buffer_minutes" between 0 and 240),
	CONSTRAINT "appointment_type_price_check" CHECK ("appointment_type"."price_cents" >= 0),
	CONSTRAINT "appointment_type_bookable_check" CHECK ("appointment_type"."bookable_by" in ('staff','patient')),
	CONSTRAINT "appointment_type_modality_check" CHECK ("appointment_type"."modality" is null or "appointment_type"."modality" in ('in_person','telehealth'))
);
--> statement-breakpoint
CREATE TABLE "availability_exception" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"specialist_id" text NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"modality" text,
	"location" text,
	"time_zone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_exception_range_check" CHECK ("availability_exception"."starts_at" < "availability_exception"."ends_at"),
	CONSTRAINT "availability_exception_kind_check" CHECK ("availability_exception"."kind" in ('absence','extra')),
	CONSTRAINT "availability_exception_extra_check" CHECK ("availability_exception"."kind" = 'absence' or "availability_exception"."modality" is not null)
);
--> statement-breakpoint
CREATE TABLE "availability_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"specialist_id" text NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"modality" text NOT NULL,
	"location" text,
	"time_zone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_hours_weekday_check" CHECK ("availability_hours"."weekday" between 1 and 7),
	CONSTRAINT "availability_hours_time_check" CHECK ("availability_hours"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "availability_hours"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "availability_hours"."start_time" < "availability_hours"."end_time"),
	CONSTRAINT "availability_hours_modality_check" CHECK ("availability_hours"."modality" in ('in_person','telehealth'))
);
--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_specialist_id_user_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_type_id_appointment_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."appointment_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_cancelled_by_user_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_booked_by_user_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exception" ADD CONSTRAINT "availability_exception_specialist_id_user_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exception" ADD CONSTRAINT "availability_exception_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_hours" ADD CONSTRAINT "availability_hours_specialist_id_user_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_specialist_starts_idx" ON "appointment" USING btree ("specialist_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointment_patient_starts_idx" ON "appointment" USING btree ("patient_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointment_starts_idx" ON "appointment" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "availability_exception_specialist_idx" ON "availability_exception" USING btree ("specialist_id","starts_at");--> statement-breakpoint
CREATE INDEX "availability_hours_specialist_idx" ON "availability_hours" USING btree ("specialist_id","weekday");--> statement-breakpoint
-- Hand written (drizzle cannot express it): a specialist is never double-booked. Two appointments of
-- one specialist that are not cancelled may not overlap, their buffers included.
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_no_overlap" EXCLUDE USING gist ("specialist_id" WITH =, tstzrange("starts_at", "blocked_until", '[)') WITH &&) WHERE ("status" <> 'cancelled');--> statement-breakpoint
INSERT INTO "appointment_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "appointment_type" ("id", "name_es", "name_en", "duration_minutes", "buffer_minutes", "price_cents", "currency", "bookable_by", "modality", "sort_order") VALUES
  ('first_visit', 'Primera visita', 'First visit', 60, 15, 12000, 'EUR', 'patient', 'in_person', 1),
  ('follow_up', 'Revisión', 'Follow-up', 30, 10, 7000, 'EUR', 'patient', NULL, 2),
  ('psychology', 'Sesión de psicología del dolor', 'Pain psychology session', 50, 10, 6500, 'EUR', 'patient', NULL, 3),
  ('infiltration', 'Infiltración', 'Infiltration', 45, 15, 18000, 'EUR', 'staff', 'in_person', 4),
  ('trt_review', 'Revisión de TRT', 'TRT review', 30, 10, 7000, 'EUR', 'staff', NULL, 5),
  ('physio', 'Fisioterapia', 'Physiotherapy', 45, 15, 5000, 'EUR', 'patient', 'in_person', 6)
ON CONFLICT DO NOTHING;
