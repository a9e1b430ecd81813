CREATE TABLE "inspection_equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"model" text,
	"serial_no" text NOT NULL,
	"manufacturer" text,
	"measuring_range" text,
	"accuracy" text,
	"calibration_kind" smallint DEFAULT 1 NOT NULL,
	"calibrated_on" date,
	"valid_until" date,
	"certificate_no" text,
	"institution" text,
	"state" smallint DEFAULT 1 NOT NULL,
	"note" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_equipment_calibration" (
	"id" serial PRIMARY KEY NOT NULL,
	"equipment_id" integer NOT NULL,
	"calibration_kind" smallint NOT NULL,
	"calibrated_on" date NOT NULL,
	"valid_until" date NOT NULL,
	"certificate_no" text,
	"institution" text,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_seal" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"file_id" uuid,
	"enabled" boolean DEFAULT false NOT NULL,
	"note" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_tech_param" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "inspection_equipment" ADD CONSTRAINT "inspection_equipment_org_id_enterprise_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_equipment_calibration" ADD CONSTRAINT "inspection_equipment_calibration_equipment_id_inspection_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."inspection_equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_equipment_calibration" ADD CONSTRAINT "inspection_equipment_calibration_recorded_by_sys_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_seal" ADD CONSTRAINT "inspection_seal_org_id_enterprise_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_seal" ADD CONSTRAINT "inspection_seal_file_id_sys_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_equipment_serial_uq" ON "inspection_equipment" USING btree ("org_id","serial_no");--> statement-breakpoint
CREATE INDEX "inspection_equipment_valid_idx" ON "inspection_equipment" USING btree ("org_id","valid_until");--> statement-breakpoint
CREATE INDEX "inspection_equipment_calibration_eq_idx" ON "inspection_equipment_calibration" USING btree ("equipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_seal_enabled_uq" ON "inspection_seal" USING btree ("org_id","kind") WHERE "inspection_seal"."enabled";--> statement-breakpoint
CREATE INDEX "inspection_seal_org_idx" ON "inspection_seal" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "inspection_seal_file_idx" ON "inspection_seal" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "inspection_tech_param_undistributed_idx" ON "inspection_tech_param" USING btree ("org_id","elevator_id") WHERE "inspection_tech_param"."order_id" is null;