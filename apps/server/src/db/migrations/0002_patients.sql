CREATE TABLE "patient" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_search" text NOT NULL,
	"birth_date" date NOT NULL,
	"gender" text NOT NULL,
	"category" text NOT NULL,
	"priority" text NOT NULL,
	"priority_rank" smallint GENERATED ALWAYS AS (case priority when 'high' then 0 when 'medium' then 1 else 2 end) STORED NOT NULL,
	"status" text NOT NULL,
	"contact_number" text,
	"email" text,
	"symptoms" text[] DEFAULT '{}'::text[] NOT NULL,
	"medical_history" text,
	"current_medications" text[] DEFAULT '{}'::text[] NOT NULL,
	"allergies" text[] DEFAULT '{}'::text[] NOT NULL,
	"assigned_specialist_id" text,
	"user_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "patient_gender_check" CHECK ("patient"."gender" in ('male','female','other')),
	CONSTRAINT "patient_priority_check" CHECK ("patient"."priority" in ('high','medium','low')),
	CONSTRAINT "patient_status_check" CHECK ("patient"."status" in ('new','in_treatment','follow_up','discharged','inactive')),
	CONSTRAINT "patient_category_check" CHECK ("patient"."category" in ('chronic_pain','post_surgery','preventive_care','acute_condition','rehabilitation','geriatric','pediatric','mental_health','other'))
);
--> statement-breakpoint
CREATE TABLE "patient_invite" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"channel" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text,
	CONSTRAINT "patient_invite_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "patient_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_note_amendment" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_note_amendment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"note_id" uuid NOT NULL,
	"body" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_status_change" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_status_change_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient" ADD CONSTRAINT "patient_assigned_specialist_id_user_id_fk" FOREIGN KEY ("assigned_specialist_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient" ADD CONSTRAINT "patient_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_invite" ADD CONSTRAINT "patient_invite_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_invite" ADD CONSTRAINT "patient_invite_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_invite" ADD CONSTRAINT "patient_invite_used_by_user_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_note" ADD CONSTRAINT "patient_note_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_note" ADD CONSTRAINT "patient_note_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_note_amendment" ADD CONSTRAINT "patient_note_amendment_note_id_patient_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."patient_note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_status_change" ADD CONSTRAINT "patient_status_change_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_status_change" ADD CONSTRAINT "patient_status_change_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_user_id_key" ON "patient" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "patient_name_trgm_idx" ON "patient" USING gin ("name_search" gin_trgm_ops) WHERE "patient"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patient_name_sort_idx" ON "patient" USING btree ("name_search","id") WHERE "patient"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patient_updated_sort_idx" ON "patient" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "patient"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patient_priority_sort_idx" ON "patient" USING btree ("priority_rank","name_search","id") WHERE "patient"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patient_specialist_idx" ON "patient" USING btree ("assigned_specialist_id","name_search","id") WHERE "patient"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patient_invite_patient_idx" ON "patient_invite" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_note_patient_idx" ON "patient_note" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_note_amendment_note_idx" ON "patient_note_amendment" USING btree ("note_id","id");--> statement-breakpoint
CREATE INDEX "patient_status_change_patient_idx" ON "patient_status_change" USING btree ("patient_id","id");