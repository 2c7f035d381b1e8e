ALTER TABLE "site_image" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "site_post" ADD COLUMN "cover_image_id" uuid;--> statement-breakpoint
ALTER TABLE "site_image" ADD CONSTRAINT "site_image_post_id_site_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."site_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_post" ADD CONSTRAINT "site_post_cover_image_id_site_image_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."site_image"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_image_post_idx" ON "site_image" USING btree ("post_id");