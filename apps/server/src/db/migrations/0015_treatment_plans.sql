CREATE TABLE "treatment_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatment_plan_status_check" CHECK ("treatment_plan"."status" in ('draft','active','completed','discontinued')),
	CONSTRAINT "treatment_plan_version_check" CHECK ("treatment_plan"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "treatment_plan_acknowledgement" (
	"plan_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"user_id" text,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatment_plan_acknowledgement_plan_id_version_pk" PRIMARY KEY("plan_id","version")
);
--> statement-breakpoint
CREATE TABLE "treatment_plan_version" (
	"plan_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"content" jsonb NOT NULL,
	"note" text,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatment_plan_version_plan_id_version_pk" PRIMARY KEY("plan_id","version"),
	CONSTRAINT "treatment_plan_version_kind_check" CHECK ("treatment_plan_version"."kind" in ('created','revised','status')),
	CONSTRAINT "treatment_plan_version_status_check" CHECK ("treatment_plan_version"."status" in ('draft','active','completed','discontinued'))
);
--> statement-breakpoint
ALTER TABLE "treatment_plan" ADD CONSTRAINT "treatment_plan_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan" ADD CONSTRAINT "treatment_plan_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_acknowledgement" ADD CONSTRAINT "treatment_plan_acknowledgement_plan_id_treatment_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."treatment_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_acknowledgement" ADD CONSTRAINT "treatment_plan_acknowledgement_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_version" ADD CONSTRAINT "treatment_plan_version_plan_id_treatment_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."treatment_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_version" ADD CONSTRAINT "treatment_plan_version_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_plan_one_active_key" ON "treatment_plan" USING btree ("patient_id") WHERE "treatment_plan"."status" = 'active';--> statement-breakpoint
CREATE INDEX "treatment_plan_patient_idx" ON "treatment_plan" USING btree ("patient_id","updated_at");--> statement-breakpoint
CREATE INDEX "treatment_plan_updated_idx" ON "treatment_plan" USING btree ("updated_at","id");