CREATE TABLE "ad_custom" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"industry" text,
	"address" text,
	"remark" text,
	"created_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_intention" (
	"id" serial PRIMARY KEY NOT NULL,
	"intention_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"channel" text DEFAULT 'gxgd' NOT NULL,
	"customer_name" text NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"area_code" text,
	"demand" text,
	"budget" integer,
	"point_count" integer,
	"start_date" date,
	"end_date" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"follow_note" text,
	"custom_id" integer,
	"order_id" integer,
	"handled_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"custom_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"point_count" integer DEFAULT 0 NOT NULL,
	"intention_id" integer,
	"content" text,
	"remark" text,
	"cancel_reason" text,
	"created_by" integer,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_order_point" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"price" integer NOT NULL,
	"amount" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_point" (
	"id" serial PRIMARY KEY NOT NULL,
	"point_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"elevator_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"size" text NOT NULL,
	"medium" smallint NOT NULL,
	"price" integer NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"qr_code" text,
	"register_code" text NOT NULL,
	"lift_name" text,
	"area_code" text NOT NULL,
	"use_company_id" integer,
	"lift_type" smallint NOT NULL,
	"use_occasion" text,
	"longitude" double precision,
	"latitude" double precision,
	"address" text,
	"remark" text,
	"created_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_custom" ADD CONSTRAINT "ad_custom_company_id_enterprise_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_custom" ADD CONSTRAINT "ad_custom_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_intention" ADD CONSTRAINT "ad_intention_company_id_enterprise_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_intention" ADD CONSTRAINT "ad_intention_custom_id_ad_custom_id_fk" FOREIGN KEY ("custom_id") REFERENCES "public"."ad_custom"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_intention" ADD CONSTRAINT "ad_intention_handled_by_sys_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_order" ADD CONSTRAINT "ad_order_company_id_enterprise_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_order" ADD CONSTRAINT "ad_order_custom_id_ad_custom_id_fk" FOREIGN KEY ("custom_id") REFERENCES "public"."ad_custom"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_order" ADD CONSTRAINT "ad_order_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_order" ADD CONSTRAINT "ad_order_confirmed_by_sys_user_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_order_point" ADD CONSTRAINT "ad_order_point_order_id_ad_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ad_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_order_point" ADD CONSTRAINT "ad_order_point_point_id_ad_point_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."ad_point"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_point" ADD CONSTRAINT "ad_point_company_id_enterprise_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_point" ADD CONSTRAINT "ad_point_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_point" ADD CONSTRAINT "ad_point_use_company_id_enterprise_id_fk" FOREIGN KEY ("use_company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_point" ADD CONSTRAINT "ad_point_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_custom_name_uq" ON "ad_custom" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "ad_custom_company_idx" ON "ad_custom" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_intention_no_uq" ON "ad_intention" USING btree ("intention_no");--> statement-breakpoint
CREATE INDEX "ad_intention_company_idx" ON "ad_intention" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_order_no_uq" ON "ad_order" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "ad_order_company_idx" ON "ad_order" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "ad_order_custom_idx" ON "ad_order" USING btree ("custom_id","id");--> statement-breakpoint
CREATE INDEX "ad_order_state_idx" ON "ad_order" USING btree ("status","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_order_point_uq" ON "ad_order_point" USING btree ("order_id","point_id");--> statement-breakpoint
CREATE INDEX "ad_order_point_point_idx" ON "ad_order_point" USING btree ("point_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_point_no_uq" ON "ad_point" USING btree ("point_no");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_point_place_uq" ON "ad_point" USING btree ("elevator_id","position","medium");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_point_qr_uq" ON "ad_point" USING btree ("qr_code") WHERE "ad_point"."qr_code" is not null;--> statement-breakpoint
CREATE INDEX "ad_point_company_idx" ON "ad_point" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "ad_point_company_area_idx" ON "ad_point" USING btree ("company_id","area_code","id");--> statement-breakpoint
CREATE INDEX "ad_point_use_idx" ON "ad_point" USING btree ("use_company_id","id");--> statement-breakpoint
CREATE INDEX "ad_point_area_idx" ON "ad_point" USING btree ("area_code","id");--> statement-breakpoint
CREATE INDEX "ad_point_register_idx" ON "ad_point" USING btree ("register_code");--> statement-breakpoint
-- A point is in one holding booking per day: the order lines carry their dates and whether their
-- order holds them (草稿 … 投放中); concurrent bookings of a point for overlapping dates cannot both commit.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "ad_order_point" ADD CONSTRAINT "ad_order_point_no_overlap"
  EXCLUDE USING gist ("point_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&) WHERE ("active");--> statement-breakpoint
ALTER TABLE "ad_order_point" ADD CONSTRAINT "ad_order_point_dates" CHECK ("end_date" >= "start_date");
