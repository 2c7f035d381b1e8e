CREATE TABLE "site_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt_es" text NOT NULL,
	"alt_en" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_image_size_check" CHECK ("site_image"."width" > 0 and "site_image"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "site_image_variant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image_id" uuid NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "site_image_variant_format_check" CHECK ("site_image_variant"."format" in ('webp', 'jpeg')),
	CONSTRAINT "site_image_variant_name_check" CHECK ("site_image_variant"."name" ~ '^[0-9a-f]{32}\.(webp|jpg)$')
);
--> statement-breakpoint
ALTER TABLE "site_specialist" ADD COLUMN "photo_image_id" uuid;--> statement-breakpoint
ALTER TABLE "site_image" ADD CONSTRAINT "site_image_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_image_variant" ADD CONSTRAINT "site_image_variant_image_id_site_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."site_image"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_image_variant_image_idx" ON "site_image_variant" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "site_image_variant_name_idx" ON "site_image_variant" USING btree ("name");--> statement-breakpoint
ALTER TABLE "site_specialist" ADD CONSTRAINT "site_specialist_photo_image_id_site_image_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."site_image"("id") ON DELETE set null ON UPDATE no action;