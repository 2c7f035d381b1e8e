CREATE TABLE "account_language" (
	"user_id" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_language_check" CHECK ("account_language"."language" in ('es','en'))
);
--> statement-breakpoint
CREATE TABLE "task_due_notice" (
	"task_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"recipient_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_due_notice_task_id_due_date_recipient_id_pk" PRIMARY KEY("task_id","due_date","recipient_id")
);
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_type_check";--> statement-breakpoint
ALTER TABLE "realtime_event" DROP CONSTRAINT "realtime_event_kind_check";--> statement-breakpoint
ALTER TABLE "account_language" ADD CONSTRAINT "account_language_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_due_notice" ADD CONSTRAINT "task_due_notice_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_due_notice" ADD CONSTRAINT "task_due_notice_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_type_check" CHECK ("notification"."type" in ('message','task_assigned','task_due'));--> statement-breakpoint
ALTER TABLE "realtime_event" ADD CONSTRAINT "realtime_event_kind_check" CHECK ("realtime_event"."kind" in ('message.created','message.read','notification.created','notification.read','task.changed'));