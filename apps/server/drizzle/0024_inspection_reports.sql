CREATE TABLE "inspection_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"report_no" text NOT NULL,
	"elevator_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"use_unit_id" integer NOT NULL,
	"inspector_user_id" integer,
	"inspector_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"instrument_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"state" text DEFAULT 'inspecting' NOT NULL,
	"conclusion" text,
	"rectification_deadline" date,
	"next_inspection_date" date,
	"inspected_on" date,
	"remark" text,
	"pdf_remark" text,
	"original_record_file_id" text,
	"signed" boolean DEFAULT false NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by" integer,
	"pushed" boolean DEFAULT false NOT NULL,
	"pushed_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_report_file_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"version" integer NOT NULL,
	"file_id" text NOT NULL,
	"uploaded_by" integer,
	"uploader_name" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_result" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"code" text NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"key_item" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"result" text,
	"remark" text,
	"photo_file_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_report" ADD CONSTRAINT "inspection_report_order_id_inspection_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."inspection_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report" ADD CONSTRAINT "inspection_report_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report" ADD CONSTRAINT "inspection_report_org_id_enterprise_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report" ADD CONSTRAINT "inspection_report_use_unit_id_enterprise_id_fk" FOREIGN KEY ("use_unit_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report" ADD CONSTRAINT "inspection_report_inspector_user_id_sys_user_id_fk" FOREIGN KEY ("inspector_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report" ADD CONSTRAINT "inspection_report_signed_by_sys_user_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_file_history" ADD CONSTRAINT "inspection_report_file_history_report_id_inspection_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."inspection_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_file_history" ADD CONSTRAINT "inspection_report_file_history_uploaded_by_sys_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_result" ADD CONSTRAINT "inspection_result_report_id_inspection_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."inspection_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_result" ADD CONSTRAINT "inspection_result_item_id_inspection_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inspection_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_report_no_uq" ON "inspection_report" USING btree ("report_no");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_report_order_attempt_uq" ON "inspection_report" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE INDEX "inspection_report_org_idx" ON "inspection_report" USING btree ("org_id","inspected_on");--> statement-breakpoint
CREATE INDEX "inspection_report_inspector_idx" ON "inspection_report" USING btree ("inspector_user_id");--> statement-breakpoint
CREATE INDEX "inspection_report_lift_idx" ON "inspection_report" USING btree ("elevator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_report_file_history_uq" ON "inspection_report_file_history" USING btree ("report_id","version");--> statement-breakpoint
CREATE INDEX "inspection_report_file_history_file_idx" ON "inspection_report_file_history" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_result_report_item_uq" ON "inspection_result" USING btree ("report_id","item_id");--> statement-breakpoint
CREATE INDEX "inspection_result_photos_idx" ON "inspection_result" USING gin ("photo_file_ids");