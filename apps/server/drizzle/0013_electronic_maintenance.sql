CREATE TABLE "maintenance_check" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"other_order_id" integer,
	"verdict" smallint DEFAULT 0 NOT NULL,
	"note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"appendix" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_content_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"requirement" text,
	"measured" boolean DEFAULT false NOT NULL,
	"unit" text,
	"season_window" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_content_version" (
	"content_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_content_version_content_id_version_pk" PRIMARY KEY("content_id","version")
);
--> statement-breakpoint
CREATE TABLE "maintenance_lift" (
	"elevator_id" integer PRIMARY KEY NOT NULL,
	"maintenance_company_id" integer,
	"use_company_id" integer,
	"area_code" text,
	"last_done_date" date,
	"due_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_order_photo" (
	"order_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"label" text NOT NULL,
	"sha256" text NOT NULL,
	"seq" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "maintenance_order_photo_order_id_file_id_pk" PRIMARY KEY("order_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_overdue_daily" (
	"day" date NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"lifts" integer NOT NULL,
	"overdue" integer NOT NULL,
	CONSTRAINT "maintenance_overdue_daily_day_area_code_maintenance_company_id_pk" PRIMARY KEY("day","area_code","maintenance_company_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_plan" (
	"id" serial PRIMARY KEY NOT NULL,
	"elevator_id" integer NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"interval_days" smallint NOT NULL,
	"first_date" date NOT NULL,
	"next_date" date NOT NULL,
	"visit_seq" integer DEFAULT 0 NOT NULL,
	"worker_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "use_company_id" integer;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "area_code" text;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "content_id" integer;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "content_version" integer;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "worker_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "sign_in_lat" double precision;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "sign_in_lng" double precision;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "sign_in_distance_m" integer;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "parts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "worker_signature_file_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "confirmed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "confirm_signature_file_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "confirm_remark" text;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "audited_by" text;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "audited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "audit_remark" text;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "corrects_order_id" integer;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "chain_hash" text;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "chain_seq" integer;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_check" ADD CONSTRAINT "maintenance_check_order_id_maintenance_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."maintenance_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_check" ADD CONSTRAINT "maintenance_check_reviewed_by_sys_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_content_item" ADD CONSTRAINT "maintenance_content_item_content_id_maintenance_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."maintenance_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_content_version" ADD CONSTRAINT "maintenance_content_version_content_id_maintenance_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."maintenance_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_lift" ADD CONSTRAINT "maintenance_lift_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order_photo" ADD CONSTRAINT "maintenance_order_photo_order_id_maintenance_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."maintenance_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order_photo" ADD CONSTRAINT "maintenance_order_photo_file_id_sys_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plan" ADD CONSTRAINT "maintenance_plan_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plan" ADD CONSTRAINT "maintenance_plan_maintenance_company_id_enterprise_id_fk" FOREIGN KEY ("maintenance_company_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plan" ADD CONSTRAINT "maintenance_plan_content_id_maintenance_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."maintenance_content"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_check_order_kind_uq" ON "maintenance_check" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "maintenance_check_kind_idx" ON "maintenance_check" USING btree ("kind","verdict","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_content_item_content_idx" ON "maintenance_content_item" USING btree ("content_id","kind","seq");--> statement-breakpoint
CREATE INDEX "maintenance_lift_area_due_idx" ON "maintenance_lift" USING btree ("area_code","due_date");--> statement-breakpoint
CREATE INDEX "maintenance_lift_company_due_idx" ON "maintenance_lift" USING btree ("maintenance_company_id","due_date");--> statement-breakpoint
CREATE INDEX "maintenance_order_photo_hash_idx" ON "maintenance_order_photo" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "maintenance_order_photo_file_idx" ON "maintenance_order_photo" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_plan_elevator_uq" ON "maintenance_plan" USING btree ("elevator_id");--> statement-breakpoint
CREATE INDEX "maintenance_plan_company_idx" ON "maintenance_plan" USING btree ("maintenance_company_id");--> statement-breakpoint
CREATE INDEX "maintenance_plan_due_idx" ON "maintenance_plan" USING btree ("next_date") WHERE enabled;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD CONSTRAINT "maintenance_order_plan_id_maintenance_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD CONSTRAINT "maintenance_order_use_company_id_enterprise_id_fk" FOREIGN KEY ("use_company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD CONSTRAINT "maintenance_order_content_id_maintenance_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."maintenance_content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD CONSTRAINT "maintenance_order_worker_signature_file_id_sys_file_id_fk" FOREIGN KEY ("worker_signature_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD CONSTRAINT "maintenance_order_confirmed_by_user_id_sys_user_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD CONSTRAINT "maintenance_order_confirm_signature_file_id_sys_file_id_fk" FOREIGN KEY ("confirm_signature_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_order_company_idx" ON "maintenance_order" USING btree ("maintenance_company_id","status","plan_date");--> statement-breakpoint
CREATE INDEX "maintenance_order_use_idx" ON "maintenance_order" USING btree ("use_company_id","plan_date");--> statement-breakpoint
CREATE INDEX "maintenance_order_area_idx" ON "maintenance_order" USING btree ("area_code","plan_date");--> statement-breakpoint
CREATE INDEX "maintenance_order_workers_idx" ON "maintenance_order" USING gin ("worker_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_order_plan_date_uq" ON "maintenance_order" USING btree ("plan_id","plan_date") WHERE plan_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_order_chain_uq" ON "maintenance_order" USING btree ("elevator_id","chain_seq") WHERE chain_seq is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_order_corrects_uq" ON "maintenance_order" USING btree ("corrects_order_id") WHERE corrects_order_id is not null;--> statement-breakpoint
-- The order states grew (0 待维保, 1 已签到, 2 作业中, 3 待确认, 4 已完成, 5 审核通过, 6 已驳回): rows
-- written before kept 1 维保中, 2 待确认, 3 已完成.
UPDATE "maintenance_order" SET "status" = CASE "status" WHEN 1 THEN 2 WHEN 2 THEN 3 WHEN 3 THEN 4 ELSE "status" END;
--> statement-breakpoint
-- Work order numbers: WB + plan date + a number from this sequence (orders are made in SQL by the plan job).
CREATE SEQUENCE IF NOT EXISTS "maintenance_order_no_seq" START 1000000;
