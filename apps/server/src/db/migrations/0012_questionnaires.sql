CREATE TABLE "questionnaire_assignment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"instrument_id" text NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"draft" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_assignment_status_check" CHECK ("questionnaire_assignment"."status" in ('open','completed','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "questionnaire_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_response" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"instrument_id" text NOT NULL,
	"answers" jsonb NOT NULL,
	"scorable" boolean NOT NULL,
	"total" double precision,
	"subscales" jsonb NOT NULL,
	"band" jsonb,
	"flags" jsonb NOT NULL,
	"missing_items" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"source" text NOT NULL,
	"entered_by" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_response_assignment_id_unique" UNIQUE("assignment_id"),
	CONSTRAINT "questionnaire_response_source_check" CHECK ("questionnaire_response"."source" in ('patient','link','paper')),
	CONSTRAINT "questionnaire_response_total_check" CHECK ("questionnaire_response"."scorable" = ("questionnaire_response"."total" is not null))
);
--> statement-breakpoint
CREATE TABLE "questionnaire_schedule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"instrument_id" text NOT NULL,
	"every_weeks" smallint,
	"starts_on" date NOT NULL,
	"until" date,
	"next_due_on" date,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_schedule_instrument_check" CHECK ("questionnaire_schedule"."instrument_id" in ('bpi','peg','pcs','tsk17','odi','phq9','gad7','csi','startback','dn4','esasr','stopbang','ipss')),
	CONSTRAINT "questionnaire_schedule_status_check" CHECK ("questionnaire_schedule"."status" in ('active','finished','stopped')),
	CONSTRAINT "questionnaire_schedule_every_check" CHECK ("questionnaire_schedule"."every_weeks" is null or "questionnaire_schedule"."every_weeks" between 1 and 52),
	CONSTRAINT "questionnaire_schedule_until_check" CHECK ("questionnaire_schedule"."until" is null or "questionnaire_schedule"."until" >= "questionnaire_schedule"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "questionnaire_assignment" ADD CONSTRAINT "questionnaire_assignment_schedule_id_questionnaire_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."questionnaire_schedule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_assignment" ADD CONSTRAINT "questionnaire_assignment_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_assignment" ADD CONSTRAINT "questionnaire_assignment_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_link" ADD CONSTRAINT "questionnaire_link_assignment_id_questionnaire_assignment_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."questionnaire_assignment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_assignment_id_questionnaire_assignment_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."questionnaire_assignment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_entered_by_user_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_schedule" ADD CONSTRAINT "questionnaire_schedule_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_schedule" ADD CONSTRAINT "questionnaire_schedule_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_assignment_occurrence_key" ON "questionnaire_assignment" USING btree ("schedule_id","due_on");--> statement-breakpoint
CREATE INDEX "questionnaire_assignment_patient_idx" ON "questionnaire_assignment" USING btree ("patient_id","status","due_on");--> statement-breakpoint
CREATE INDEX "questionnaire_link_assignment_idx" ON "questionnaire_link" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "questionnaire_response_patient_idx" ON "questionnaire_response" USING btree ("patient_id","instrument_id","submitted_at");--> statement-breakpoint
CREATE INDEX "questionnaire_schedule_patient_idx" ON "questionnaire_schedule" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "questionnaire_schedule_due_idx" ON "questionnaire_schedule" USING btree ("next_due_on") WHERE "questionnaire_schedule"."status" = 'active';