CREATE TABLE "appointment_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"reminder_id" uuid,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_link_purpose_check" CHECK ("appointment_link"."purpose" in ('confirm','cancel'))
);
--> statement-breakpoint
CREATE TABLE "appointment_reminder" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"hours_before" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"skip_reason" text,
	"channel" text,
	"outbox_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	CONSTRAINT "appointment_reminder_status_check" CHECK ("appointment_reminder"."status" in ('queued','withdrawn')),
	CONSTRAINT "appointment_reminder_hours_check" CHECK ("appointment_reminder"."hours_before" between 1 and 336)
);
--> statement-breakpoint
CREATE TABLE "patient_reminder_preference" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"channel" text DEFAULT 'auto' NOT NULL,
	"language" text,
	"hours" integer[],
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_reminder_preference_channel_check" CHECK ("patient_reminder_preference"."channel" in ('auto','email','sms','none')),
	CONSTRAINT "patient_reminder_preference_language_check" CHECK ("patient_reminder_preference"."language" is null or "patient_reminder_preference"."language" in ('es','en'))
);
--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "patient_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_settings" ADD COLUMN "reminder_hours" integer[] DEFAULT '{24,2}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_link" ADD CONSTRAINT "appointment_link_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_link" ADD CONSTRAINT "appointment_link_reminder_id_appointment_reminder_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."appointment_reminder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminder" ADD CONSTRAINT "appointment_reminder_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_reminder_preference" ADD CONSTRAINT "patient_reminder_preference_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_reminder_preference" ADD CONSTRAINT "patient_reminder_preference_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_link_token_key" ON "appointment_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "appointment_link_appointment_idx" ON "appointment_link" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminder_once_key" ON "appointment_reminder" USING btree ("appointment_id","hours_before","starts_at");