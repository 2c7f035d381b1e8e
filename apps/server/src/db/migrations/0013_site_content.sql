CREATE TABLE "site_contact_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"lang" text NOT NULL,
	"consent" boolean NOT NULL,
	"ip_hash" text NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_contact_message_reason_check" CHECK ("site_contact_message"."reason" in ('first_visit','workshop','other')),
	CONSTRAINT "site_contact_message_consent_check" CHECK ("site_contact_message"."consent")
);
--> statement-breakpoint
CREATE TABLE "site_page_text" (
	"page" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_page_text_page_check" CHECK ("site_page_text"."page" in ('chronic-pain-therapy','stress-workshops','cero-dolor')),
	CONSTRAINT "site_page_text_lang_check" CHECK ("site_page_text"."lang" in ('es','en'))
);
--> statement-breakpoint
CREATE TABLE "site_post" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"author_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title_es" text NOT NULL,
	"summary_es" text NOT NULL,
	"body_es" text NOT NULL,
	"title_en" text,
	"summary_en" text,
	"body_en" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_post_slug_check" CHECK ("site_post"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "site_post_status_check" CHECK ("site_post"."status" in ('draft','scheduled','published')),
	CONSTRAINT "site_post_date_check" CHECK ("site_post"."status" = 'draft' or "site_post"."publish_at" is not null),
	CONSTRAINT "site_post_en_check" CHECK (("site_post"."title_en" is null) = ("site_post"."body_en" is null) and ("site_post"."title_en" is null) = ("site_post"."summary_en" is null))
);
--> statement-breakpoint
CREATE TABLE "site_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_specialist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"credentials" text DEFAULT '' NOT NULL,
	"role_es" text NOT NULL,
	"role_en" text,
	"photo_url" text,
	"initials" text NOT NULL,
	"specialties_es" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specialties_en" jsonb,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bio_es" text NOT NULL,
	"bio_en" text,
	"featured" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_specialist_slug_check" CHECK ("site_specialist"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "site_testimonial" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_name" text NOT NULL,
	"context_es" text NOT NULL,
	"context_en" text,
	"lang" text NOT NULL,
	"quote" text NOT NULL,
	"translation" text,
	"rating" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_testimonial_rating_check" CHECK ("site_testimonial"."rating" between 1 and 5),
	CONSTRAINT "site_testimonial_lang_check" CHECK ("site_testimonial"."lang" in ('es','en'))
);
--> statement-breakpoint
CREATE TABLE "site_testimonial_consent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"testimonial_id" uuid NOT NULL,
	"given_by" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"text" text NOT NULL,
	"recorded_by" text,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_contact_message" ADD CONSTRAINT "site_contact_message_handled_by_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_post" ADD CONSTRAINT "site_post_author_id_site_specialist_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."site_specialist"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_specialist" ADD CONSTRAINT "site_specialist_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_testimonial_consent" ADD CONSTRAINT "site_testimonial_consent_testimonial_id_site_testimonial_id_fk" FOREIGN KEY ("testimonial_id") REFERENCES "public"."site_testimonial"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_testimonial_consent" ADD CONSTRAINT "site_testimonial_consent_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_contact_message_ip_idx" ON "site_contact_message" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "site_contact_message_created_idx" ON "site_contact_message" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_page_text_pk" ON "site_page_text" USING btree ("page","lang");--> statement-breakpoint
CREATE UNIQUE INDEX "site_post_slug_idx" ON "site_post" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "site_post_published_idx" ON "site_post" USING btree ("status","publish_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_specialist_slug_idx" ON "site_specialist" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "site_testimonial_consent_idx" ON "site_testimonial_consent" USING btree ("testimonial_id");