CREATE TABLE "inspection_charge_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"notice_no" text NOT NULL,
	"amount" integer NOT NULL,
	"items" jsonb NOT NULL,
	"due_date" date,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" integer,
	"pay_state" text DEFAULT 'unpaid' NOT NULL,
	"paid_at" date,
	"pay_method" text,
	"pay_remark" text,
	"recorded_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"elevator_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"use_unit_id" integer NOT NULL,
	"kind" text DEFAULT 'periodic' NOT NULL,
	"state" text NOT NULL,
	"next_inspection_date" date NOT NULL,
	"attachments" jsonb NOT NULL,
	"apply_remark" text,
	"org_remark" text,
	"return_reason" text,
	"close_reason" text,
	"quote_amount" integer,
	"quote" jsonb,
	"quoted_at" timestamp with time zone,
	"inspector_id" integer,
	"inspector_user_id" integer,
	"planned_date" date,
	"distributed_at" timestamp with time zone,
	"applied_by" integer,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_order_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"reason" text,
	"actor_id" integer,
	"actor_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_charge_notice" ADD CONSTRAINT "inspection_charge_notice_order_id_inspection_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."inspection_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_charge_notice" ADD CONSTRAINT "inspection_charge_notice_issued_by_sys_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_charge_notice" ADD CONSTRAINT "inspection_charge_notice_recorded_by_sys_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_order" ADD CONSTRAINT "inspection_order_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_order" ADD CONSTRAINT "inspection_order_org_id_enterprise_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_order" ADD CONSTRAINT "inspection_order_use_unit_id_enterprise_id_fk" FOREIGN KEY ("use_unit_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_order" ADD CONSTRAINT "inspection_order_inspector_id_inspection_inspector_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."inspection_inspector"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_order" ADD CONSTRAINT "inspection_order_inspector_user_id_sys_user_id_fk" FOREIGN KEY ("inspector_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_order" ADD CONSTRAINT "inspection_order_applied_by_sys_user_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_order_event" ADD CONSTRAINT "inspection_order_event_order_id_inspection_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."inspection_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_order_event" ADD CONSTRAINT "inspection_order_event_actor_id_sys_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_charge_notice_order_uq" ON "inspection_charge_notice" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_charge_notice_no_uq" ON "inspection_charge_notice" USING btree ("notice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_order_no_uq" ON "inspection_order" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_order_open_lift_uq" ON "inspection_order" USING btree ("elevator_id") WHERE "inspection_order"."state" not in ('reported', 'closed', 'cancelled');--> statement-breakpoint
CREATE INDEX "inspection_order_lift_idx" ON "inspection_order" USING btree ("elevator_id");--> statement-breakpoint
CREATE INDEX "inspection_order_org_idx" ON "inspection_order" USING btree ("org_id","applied_at");--> statement-breakpoint
CREATE INDEX "inspection_order_org_state_idx" ON "inspection_order" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX "inspection_order_use_unit_idx" ON "inspection_order" USING btree ("use_unit_id","applied_at");--> statement-breakpoint
CREATE INDEX "inspection_order_inspector_idx" ON "inspection_order" USING btree ("inspector_user_id","planned_date");--> statement-breakpoint
CREATE INDEX "inspection_order_event_order_idx" ON "inspection_order_event" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "inspection_tech_param" ADD CONSTRAINT "inspection_tech_param_order_id_inspection_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."inspection_order"("id") ON DELETE set null ON UPDATE no action;