ALTER TABLE "audit_log" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
CREATE INDEX "audit_log_unsealed_idx" ON "audit_log" USING btree ("id") WHERE "audit_log"."seq" is null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_seq_unique" UNIQUE("seq");--> statement-breakpoint
-- Rows written before deferred sealing were chained in id order: that is their place in the chain.
ALTER TABLE "audit_log" DISABLE TRIGGER audit_log_no_update_delete;--> statement-breakpoint
UPDATE "audit_log" SET "seq" = "id" WHERE "seq" IS NULL AND "hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER audit_log_no_update_delete;
