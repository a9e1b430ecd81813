CREATE TABLE "inspection_bill" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_no" text NOT NULL,
	"org_id" integer NOT NULL,
	"use_unit_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_by_name" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_bill_charge" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"notice_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_bill" ADD CONSTRAINT "inspection_bill_org_id_enterprise_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bill" ADD CONSTRAINT "inspection_bill_use_unit_id_enterprise_id_fk" FOREIGN KEY ("use_unit_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bill" ADD CONSTRAINT "inspection_bill_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bill_charge" ADD CONSTRAINT "inspection_bill_charge_bill_id_inspection_bill_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."inspection_bill"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bill_charge" ADD CONSTRAINT "inspection_bill_charge_notice_id_inspection_charge_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."inspection_charge_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_bill_no_uq" ON "inspection_bill" USING btree ("bill_no");--> statement-breakpoint
CREATE INDEX "inspection_bill_org_idx" ON "inspection_bill" USING btree ("org_id","period_from");--> statement-breakpoint
CREATE INDEX "inspection_bill_use_unit_idx" ON "inspection_bill" USING btree ("use_unit_id","period_from");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_bill_charge_notice_uq" ON "inspection_bill_charge" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "inspection_bill_charge_bill_idx" ON "inspection_bill_charge" USING btree ("bill_id");