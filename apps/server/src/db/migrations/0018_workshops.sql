CREATE TABLE "workshop" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"market" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title_es" text NOT NULL,
	"title_en" text,
	"summary_es" text NOT NULL,
	"summary_en" text,
	"description_es" text NOT NULL,
	"description_en" text,
	"facilitator" text NOT NULL,
	"time_zone" text NOT NULL,
	"venue" text,
	"address" text,
	"online_url" text,
	"online_platform" text,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_slug_unique" UNIQUE("slug"),
	CONSTRAINT "workshop_market_check" CHECK ("workshop"."market" in ('es','us')),
	CONSTRAINT "workshop_status_check" CHECK ("workshop"."status" in ('draft','published','cancelled')),
	CONSTRAINT "workshop_currency_check" CHECK ("workshop"."currency" in ('EUR','USD')),
	CONSTRAINT "workshop_capacity_check" CHECK ("workshop"."capacity" > 0),
	CONSTRAINT "workshop_price_check" CHECK ("workshop"."price_cents" >= 0),
	CONSTRAINT "workshop_english_check" CHECK (("workshop"."title_en" is null) = ("workshop"."summary_en" is null) and ("workshop"."title_en" is null) = ("workshop"."description_en" is null)),
	CONSTRAINT "workshop_place_check" CHECK ("workshop"."venue" is not null or "workshop"."online_url" is not null)
);
--> statement-breakpoint
CREATE TABLE "workshop_registration" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workshop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"position" bigserial NOT NULL,
	"ip_hash" text NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"offer_token_hash" text,
	"offer_expires_at" timestamp with time zone,
	"offers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "workshop_registration_cancel_token_hash_unique" UNIQUE("cancel_token_hash"),
	CONSTRAINT "workshop_registration_offer_token_hash_unique" UNIQUE("offer_token_hash"),
	CONSTRAINT "workshop_registration_status_check" CHECK ("workshop_registration"."status" in ('confirmed','offered','waitlisted','cancelled','lapsed')),
	CONSTRAINT "workshop_registration_offer_check" CHECK ("workshop_registration"."status" <> 'offered' or ("workshop_registration"."offer_expires_at" is not null and "workshop_registration"."offer_token_hash" is not null))
);
--> statement-breakpoint
CREATE TABLE "workshop_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workshop_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workshop_session_order_check" CHECK ("workshop_session"."ends_at" > "workshop_session"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "workshop_registration" ADD CONSTRAINT "workshop_registration_workshop_id_workshop_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_session" ADD CONSTRAINT "workshop_session_workshop_id_workshop_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_registration_person_key" ON "workshop_registration" USING btree ("workshop_id",lower("email")) WHERE "workshop_registration"."status" in ('confirmed', 'offered', 'waitlisted');--> statement-breakpoint
CREATE INDEX "workshop_registration_workshop_idx" ON "workshop_registration" USING btree ("workshop_id","status","position");--> statement-breakpoint
CREATE INDEX "workshop_registration_offer_idx" ON "workshop_registration" USING btree ("offer_expires_at") WHERE "workshop_registration"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "workshop_registration_ip_idx" ON "workshop_registration" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "workshop_session_workshop_idx" ON "workshop_session" USING btree ("workshop_id","starts_at");