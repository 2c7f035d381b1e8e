-- One role of SPEC §6 per account (issue 22 item 11): a list stored by better-auth's admin plugin
-- ("admin,researcher") or any unknown value is read as `user`, as the app always read it.
UPDATE "user" SET "role" = 'user' WHERE "role" IS NULL OR "role" NOT IN ('admin','specialist','researcher','user');--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role_check" CHECK ("user"."role" in ('admin','specialist','researcher','user'));
