CREATE TABLE "jwks" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"alg" text,
	"crv" text
);
--> statement-breakpoint
ALTER TABLE "mfa_policy" ADD COLUMN "enforced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_policy" ADD COLUMN "grace_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_policy" ADD COLUMN "enforced_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "sign_in_method" text;