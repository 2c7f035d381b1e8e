CREATE TABLE "appointment_waitlist_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"specialist_id" text,
	"type_id" text NOT NULL,
	"earliest_date" date,
	"latest_date" date,
	"times_of_day" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"position" bigserial NOT NULL,
	"appointment_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "appointment_waitlist_entry_status_check" CHECK ("appointment_waitlist_entry"."status" in ('waiting','offered','booked','removed')),
	CONSTRAINT "appointment_waitlist_entry_times_check" CHECK ("appointment_waitlist_entry"."times_of_day" <@ array['morning', 'afternoon', 'evening']::text[]),
	CONSTRAINT "appointment_waitlist_entry_window_check" CHECK ("appointment_waitlist_entry"."earliest_date" is null or "appointment_waitlist_entry"."latest_date" is null or "appointment_waitlist_entry"."earliest_date" <= "appointment_waitlist_entry"."latest_date")
);
--> statement-breakpoint
CREATE TABLE "appointment_waitlist_offer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"specialist_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"free_until" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"modality" text NOT NULL,
	"location" text,
	"source_appointment_id" uuid,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "appointment_waitlist_offer_status_check" CHECK ("appointment_waitlist_offer"."status" in ('open','taken','declined','lapsed','withdrawn')),
	CONSTRAINT "appointment_waitlist_offer_modality_check" CHECK ("appointment_waitlist_offer"."modality" in ('in_person','telehealth'))
);
--> statement-breakpoint
ALTER TABLE "appointment_waitlist_entry" ADD CONSTRAINT "appointment_waitlist_entry_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waitlist_entry" ADD CONSTRAINT "appointment_waitlist_entry_specialist_id_user_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waitlist_entry" ADD CONSTRAINT "appointment_waitlist_entry_type_id_appointment_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."appointment_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waitlist_entry" ADD CONSTRAINT "appointment_waitlist_entry_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waitlist_entry" ADD CONSTRAINT "appointment_waitlist_entry_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waitlist_offer" ADD CONSTRAINT "appointment_waitlist_offer_entry_id_appointment_waitlist_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."appointment_waitlist_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waitlist_offer" ADD CONSTRAINT "appointment_waitlist_offer_specialist_id_user_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waitlist_offer" ADD CONSTRAINT "appointment_waitlist_offer_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_waitlist_entry_queue_idx" ON "appointment_waitlist_entry" USING btree ("status","position");--> statement-breakpoint
CREATE INDEX "appointment_waitlist_entry_patient_idx" ON "appointment_waitlist_entry" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_waitlist_entry_live_key" ON "appointment_waitlist_entry" USING btree ("patient_id",coalesce("specialist_id", ''),"type_id") WHERE "appointment_waitlist_entry"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_waitlist_offer_token_key" ON "appointment_waitlist_offer" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_waitlist_offer_open_key" ON "appointment_waitlist_offer" USING btree ("entry_id") WHERE "appointment_waitlist_offer"."status" = 'open';--> statement-breakpoint
CREATE INDEX "appointment_waitlist_offer_due_idx" ON "appointment_waitlist_offer" USING btree ("expires_at") WHERE "appointment_waitlist_offer"."status" = 'open';--> statement-breakpoint
CREATE INDEX "appointment_waitlist_offer_slot_idx" ON "appointment_waitlist_offer" USING btree ("specialist_id","starts_at");