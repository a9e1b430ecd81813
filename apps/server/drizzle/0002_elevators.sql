CREATE TABLE "elevator" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_code" text NOT NULL,
	"device_code" text,
	"use_cert_no" text,
	"rescue_code" text,
	"supervision_code" text,
	"name" text,
	"internal_no" text,
	"factory_no" text,
	"type" smallint NOT NULL,
	"variety" text,
	"use_occasion" text,
	"area_code" text NOT NULL,
	"address" text NOT NULL,
	"community" text,
	"longitude" double precision,
	"latitude" double precision,
	"use_company_id" integer,
	"maintenance_company_id" integer,
	"maintenance_claim_state" smallint DEFAULT 0 NOT NULL,
	"use_claim_state" smallint DEFAULT 0 NOT NULL,
	"manufacturer" text,
	"installer" text,
	"brand" text,
	"model" text,
	"rated_load" real,
	"rated_speed" real,
	"floors" integer,
	"manufacture_date" date,
	"install_date" date,
	"register_date" date,
	"last_inspect_date" date,
	"next_inspect_date" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"use_status" smallint DEFAULT 1 NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "elevator_claim" (
	"id" serial PRIMARY KEY NOT NULL,
	"elevator_id" integer NOT NULL,
	"claim_type" text NOT NULL,
	"company_id" integer NOT NULL,
	"community_id" integer,
	"state" smallint DEFAULT 2 NOT NULL,
	"audit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "elevator" ADD CONSTRAINT "elevator_use_company_id_enterprise_id_fk" FOREIGN KEY ("use_company_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator" ADD CONSTRAINT "elevator_maintenance_company_id_enterprise_id_fk" FOREIGN KEY ("maintenance_company_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator" ADD CONSTRAINT "elevator_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_claim" ADD CONSTRAINT "elevator_claim_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_claim" ADD CONSTRAINT "elevator_claim_company_id_enterprise_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "elevator_register_code_uq" ON "elevator" USING btree ("register_code");--> statement-breakpoint
CREATE UNIQUE INDEX "elevator_device_code_uq" ON "elevator" USING btree ("device_code");--> statement-breakpoint
CREATE UNIQUE INDEX "elevator_rescue_code_uq" ON "elevator" USING btree ("rescue_code");--> statement-breakpoint
CREATE INDEX "elevator_area_idx" ON "elevator" USING btree ("area_code","id");--> statement-breakpoint
CREATE INDEX "elevator_maintenance_company_idx" ON "elevator" USING btree ("maintenance_company_id","id");--> statement-breakpoint
CREATE INDEX "elevator_use_company_idx" ON "elevator" USING btree ("use_company_id","id");--> statement-breakpoint
CREATE INDEX "elevator_next_inspect_idx" ON "elevator" USING btree ("next_inspect_date");--> statement-breakpoint
CREATE INDEX "elevator_search_grams_idx" ON "elevator" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "elevator_claim_elevator_idx" ON "elevator_claim" USING btree ("elevator_id");--> statement-breakpoint
CREATE INDEX "elevator_claim_company_idx" ON "elevator_claim" USING btree ("company_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "elevator_claim_open_uq" ON "elevator_claim" USING btree ("elevator_id","claim_type") WHERE state in (2, 3);