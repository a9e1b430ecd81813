CREATE TABLE "patrol_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"applies_to" text NOT NULL,
	"requirement" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_no" text NOT NULL,
	"task_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"result_id" integer NOT NULL,
	"area_code" text NOT NULL,
	"content_name" text NOT NULL,
	"problem" text,
	"requirement" text,
	"recipient" text NOT NULL,
	"recipient_company_id" integer NOT NULL,
	"deadline" date NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"answer_text" text,
	"answer_photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_notice_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"text" text,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_result" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"result" text NOT NULL,
	"remark" text,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"recorded_by" integer,
	"recorder_name" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_target" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"kind" text NOT NULL,
	"elevator_id" integer,
	"unit_id" integer,
	"name" text NOT NULL,
	"address" text,
	"use_unit_id" integer,
	"maintenance_company_id" integer,
	"checked_at" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" double precision,
	"seq" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_no" text NOT NULL,
	"name" text NOT NULL,
	"area_code" text NOT NULL,
	"template_id" integer,
	"template_name" text NOT NULL,
	"target_kind" text NOT NULL,
	"items" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"plan_start" date NOT NULL,
	"plan_end" date NOT NULL,
	"remark" text,
	"cancel_reason" text,
	"created_by" integer,
	"creator_name" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_task_assignee" (
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "patrol_task_assignee_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "patrol_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"target_kind" text NOT NULL,
	"remark" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patrol_template_item" (
	"template_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"seq" integer NOT NULL,
	CONSTRAINT "patrol_template_item_template_id_content_id_pk" PRIMARY KEY("template_id","content_id")
);
--> statement-breakpoint
ALTER TABLE "patrol_notice" ADD CONSTRAINT "patrol_notice_task_id_patrol_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."patrol_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_notice" ADD CONSTRAINT "patrol_notice_target_id_patrol_target_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."patrol_target"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_notice" ADD CONSTRAINT "patrol_notice_result_id_patrol_result_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."patrol_result"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_notice" ADD CONSTRAINT "patrol_notice_recipient_company_id_enterprise_id_fk" FOREIGN KEY ("recipient_company_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_notice_event" ADD CONSTRAINT "patrol_notice_event_notice_id_patrol_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."patrol_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_notice_event" ADD CONSTRAINT "patrol_notice_event_actor_id_sys_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_result" ADD CONSTRAINT "patrol_result_task_id_patrol_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."patrol_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_result" ADD CONSTRAINT "patrol_result_target_id_patrol_target_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."patrol_target"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_result" ADD CONSTRAINT "patrol_result_recorded_by_sys_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_target" ADD CONSTRAINT "patrol_target_task_id_patrol_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."patrol_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_target" ADD CONSTRAINT "patrol_target_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_target" ADD CONSTRAINT "patrol_target_unit_id_enterprise_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_target" ADD CONSTRAINT "patrol_target_use_unit_id_enterprise_id_fk" FOREIGN KEY ("use_unit_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_target" ADD CONSTRAINT "patrol_target_maintenance_company_id_enterprise_id_fk" FOREIGN KEY ("maintenance_company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_task" ADD CONSTRAINT "patrol_task_template_id_patrol_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."patrol_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_task" ADD CONSTRAINT "patrol_task_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_task_assignee" ADD CONSTRAINT "patrol_task_assignee_task_id_patrol_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."patrol_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_task_assignee" ADD CONSTRAINT "patrol_task_assignee_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_template_item" ADD CONSTRAINT "patrol_template_item_template_id_patrol_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."patrol_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_template_item" ADD CONSTRAINT "patrol_template_item_content_id_patrol_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."patrol_content"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_content_name_uq" ON "patrol_content" USING btree ("applies_to","name");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_notice_no_uq" ON "patrol_notice" USING btree ("notice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_notice_result_uq" ON "patrol_notice" USING btree ("result_id");--> statement-breakpoint
CREATE INDEX "patrol_notice_recipient_idx" ON "patrol_notice" USING btree ("recipient_company_id","state");--> statement-breakpoint
CREATE INDEX "patrol_notice_area_idx" ON "patrol_notice" USING btree ("area_code","state");--> statement-breakpoint
CREATE INDEX "patrol_notice_task_idx" ON "patrol_notice" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "patrol_notice_photos_idx" ON "patrol_notice" USING gin ("answer_photos");--> statement-breakpoint
CREATE INDEX "patrol_notice_event_notice_idx" ON "patrol_notice_event" USING btree ("notice_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_result_uq" ON "patrol_result" USING btree ("task_id","target_id","content_id");--> statement-breakpoint
CREATE INDEX "patrol_result_photos_idx" ON "patrol_result" USING gin ("photos");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_target_lift_uq" ON "patrol_target" USING btree ("task_id","elevator_id") WHERE "patrol_target"."elevator_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_target_unit_uq" ON "patrol_target" USING btree ("task_id","unit_id") WHERE "patrol_target"."unit_id" is not null;--> statement-breakpoint
CREATE INDEX "patrol_target_task_idx" ON "patrol_target" USING btree ("task_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_task_no_uq" ON "patrol_task" USING btree ("task_no");--> statement-breakpoint
CREATE INDEX "patrol_task_area_idx" ON "patrol_task" USING btree ("area_code","state");--> statement-breakpoint
CREATE INDEX "patrol_task_assignee_user_idx" ON "patrol_task_assignee" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "patrol_template_item_content_idx" ON "patrol_template_item" USING btree ("content_id");