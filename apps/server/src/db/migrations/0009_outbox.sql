CREATE TABLE "outbox_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"patient_id" uuid,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"claim_token" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_message_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_message_channel_check" CHECK ("outbox_message"."channel" in ('email','sms')),
	CONSTRAINT "outbox_message_status_check" CHECK ("outbox_message"."status" in ('queued','sending','sent','failed','dead')),
	CONSTRAINT "outbox_message_language_check" CHECK ("outbox_message"."language" is null or "outbox_message"."language" in ('es','en'))
);
--> statement-breakpoint
ALTER TABLE "outbox_message" ADD CONSTRAINT "outbox_message_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_message_due_idx" ON "outbox_message" USING btree ("channel","next_attempt_at") WHERE "outbox_message"."status" in ('queued', 'failed');--> statement-breakpoint
CREATE INDEX "outbox_message_lease_idx" ON "outbox_message" USING btree ("lease_until") WHERE "outbox_message"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "outbox_message_list_idx" ON "outbox_message" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_message_status_list_idx" ON "outbox_message" USING btree ("status","created_at","id");