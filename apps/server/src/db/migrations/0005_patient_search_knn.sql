DROP INDEX "patient_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "patient_name_trgm_gist_idx" ON "patient" USING gist ("name_search" gist_trgm_ops) WHERE "patient"."deleted_at" is null;