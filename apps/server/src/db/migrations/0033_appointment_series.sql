CREATE TABLE "appointment_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interval_weeks" integer NOT NULL,
	"count" integer NOT NULL,
	"time_zone" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_series_interval_check" CHECK ("appointment_series"."interval_weeks" between 1 and 4),
	CONSTRAINT "appointment_series_count_check" CHECK ("appointment_series"."count" between 2 and 52)
);
--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "series_index" integer;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_series_id_appointment_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."appointment_series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_series_idx" ON "appointment" USING btree ("series_id","series_index");--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_series_check" CHECK (("appointment"."series_id" is null) = ("appointment"."series_index" is null) and ("appointment"."series_index" is null or "appointment"."series_index" >= 1));