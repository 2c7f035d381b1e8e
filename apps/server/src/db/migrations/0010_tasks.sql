CREATE TABLE "task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"patient_id" uuid,
	"assignee_user_id" text,
	"assignee_role" text,
	"due_date" date,
	"due_sort" date GENERATED ALWAYS AS (coalesce(due_date, '9999-12-31'::date)) STORED NOT NULL,
	"priority" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_by" text,
	"by_system" boolean DEFAULT false NOT NULL,
	"reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_status_check" CHECK ("task"."status" in ('new','in_progress','pending_review','done','cancelled')),
	CONSTRAINT "task_priority_check" CHECK ("task"."priority" in ('high','medium','low')),
	CONSTRAINT "task_assignee_role_check" CHECK ("task"."assignee_role" is null or "task"."assignee_role" in ('admin','specialist','researcher')),
	CONSTRAINT "task_one_assignee_check" CHECK (not ("task"."assignee_user_id" is not null and "task"."assignee_role" is not null)),
	CONSTRAINT "task_system_reason_check" CHECK (not "task"."by_system" or "task"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "task_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"fields" text,
	"actor_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_event_kind_check" CHECK ("task_event"."kind" in ('created','edited','status'))
);
--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_assignee_user_id_user_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comment" ADD CONSTRAINT "task_comment_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comment" ADD CONSTRAINT "task_comment_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_event" ADD CONSTRAINT "task_event_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_event" ADD CONSTRAINT "task_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_due_sort_idx" ON "task" USING btree ("due_sort","id");--> statement-breakpoint
CREATE INDEX "task_assignee_user_idx" ON "task" USING btree ("assignee_user_id","due_sort","id");--> statement-breakpoint
CREATE INDEX "task_assignee_role_idx" ON "task" USING btree ("assignee_role","due_sort","id");--> statement-breakpoint
CREATE INDEX "task_patient_idx" ON "task" USING btree ("patient_id","due_sort","id");--> statement-breakpoint
CREATE INDEX "task_comment_task_idx" ON "task_comment" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "task_event_task_idx" ON "task_event" USING btree ("task_id","id");