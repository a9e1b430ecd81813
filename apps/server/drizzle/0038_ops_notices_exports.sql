CREATE TABLE "export_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"input" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total_rows" integer,
	"rows" integer DEFAULT 0 NOT NULL,
	"bytes" bigint,
	"storage_key" text,
	"error" text,
	"node" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"link" text,
	"dedup_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"sms_state" text,
	"sms_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_rule" (
	"kind" text PRIMARY KEY NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_job" ADD CONSTRAINT "export_job_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_job_user_idx" ON "export_job" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "export_job_queue_idx" ON "export_job" USING btree ("id") WHERE state = 'queued';--> statement-breakpoint
CREATE INDEX "export_job_running_idx" ON "export_job" USING btree ("heartbeat_at") WHERE state = 'running';--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("user_id","kind") WHERE read_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_dedup_uq" ON "notification" USING btree ("user_id","kind","dedup_key") WHERE dedup_key is not null;--> statement-breakpoint
CREATE INDEX "notification_sms_pending_idx" ON "notification" USING btree ("id") WHERE sms_state = 'pending';