CREATE TABLE "call_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"phone" text NOT NULL,
	"direction" smallint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"agent_id" integer,
	"case_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_code" (
	"code" text PRIMARY KEY NOT NULL,
	"batch_id" integer,
	"temporary" boolean DEFAULT false NOT NULL,
	"valid_until" date,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"voided" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_code_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"quantity" integer NOT NULL,
	"temporary" boolean DEFAULT false NOT NULL,
	"valid_until" date,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_code_batch_batch_no_unique" UNIQUE("batch_no")
);
--> statement-breakpoint
CREATE TABLE "emergency_code_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"action" text NOT NULL,
	"company_id" integer,
	"elevator_id" integer,
	"register_code" text,
	"user_id" integer,
	"user_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_report_hit" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"ip" text NOT NULL,
	"case_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"repair_no" text NOT NULL,
	"elevator_id" integer NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer,
	"use_company_id" integer,
	"hitch_type" text NOT NULL,
	"description" text,
	"reporter_name" text,
	"reporter_phone" text,
	"source" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"case_id" integer,
	"result" text,
	"finished_at" timestamp with time zone,
	"created_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rescue_case" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_no" text NOT NULL,
	"source" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"elevator_id" integer,
	"register_code" text,
	"rescue_code" text,
	"address" text,
	"area_code" text,
	"maintenance_company_id" integer,
	"use_company_id" integer,
	"rescue_unit_id" integer,
	"grid_id" integer,
	"caller_phone" text,
	"caller_name" text,
	"description" text,
	"trapped" smallint DEFAULT 0 NOT NULL,
	"freed" smallint,
	"agent_id" integer,
	"level" smallint DEFAULT 0 NOT NULL,
	"assignee_id" integer,
	"accept_deadline" timestamp with time zone,
	"alarm_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"arrived_at" timestamp with time zone,
	"arrive_distance" integer,
	"overtime" boolean,
	"freed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cause" smallint,
	"cause_detail" text,
	"back_in_service" boolean,
	"repair_id" integer,
	"follow_up" text,
	"close_note" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rescue_case_step" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"action" text NOT NULL,
	"status" smallint NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"user_name" text,
	"note" text,
	"latitude" double precision,
	"longitude" double precision,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rescue_duty" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"day" date NOT NULL,
	"shift" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rescue_grid" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unit_id" integer,
	"area_code" text,
	"ring" jsonb NOT NULL,
	"min_lng" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lng" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"color" text,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rescue_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"team_id" integer,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"position" text,
	"cert_no" text,
	"user_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rescue_team" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"leader_name" text,
	"phone" text,
	"area_code" text,
	"address" text,
	"longitude" double precision,
	"latitude" double precision,
	"vehicles" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_agent" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"seat_no" text NOT NULL,
	"extension" text,
	"online" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_agent_shift" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"online" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_elevator" (
	"id" serial PRIMARY KEY NOT NULL,
	"signing_id" integer NOT NULL,
	"elevator_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"sign_no" text NOT NULL,
	"kind" smallint NOT NULL,
	"use_company_id" integer NOT NULL,
	"partner_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"amount" integer,
	"contact_name" text,
	"contact_phone" text,
	"file_id" uuid,
	"remark" text,
	"area_code" text NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_record" ADD CONSTRAINT "call_record_agent_id_sys_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_record" ADD CONSTRAINT "call_record_case_id_rescue_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."rescue_case"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_code" ADD CONSTRAINT "emergency_code_batch_id_emergency_code_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."emergency_code_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_code" ADD CONSTRAINT "emergency_code_claimed_by_enterprise_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_code_batch" ADD CONSTRAINT "emergency_code_batch_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_code_record" ADD CONSTRAINT "emergency_code_record_company_id_enterprise_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_code_record" ADD CONSTRAINT "emergency_code_record_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_code_record" ADD CONSTRAINT "emergency_code_record_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_report_hit" ADD CONSTRAINT "public_report_hit_case_id_rescue_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."rescue_case"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order" ADD CONSTRAINT "repair_order_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order" ADD CONSTRAINT "repair_order_maintenance_company_id_enterprise_id_fk" FOREIGN KEY ("maintenance_company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order" ADD CONSTRAINT "repair_order_use_company_id_enterprise_id_fk" FOREIGN KEY ("use_company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order" ADD CONSTRAINT "repair_order_case_id_rescue_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."rescue_case"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order" ADD CONSTRAINT "repair_order_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_case" ADD CONSTRAINT "rescue_case_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_case" ADD CONSTRAINT "rescue_case_maintenance_company_id_enterprise_id_fk" FOREIGN KEY ("maintenance_company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_case" ADD CONSTRAINT "rescue_case_use_company_id_enterprise_id_fk" FOREIGN KEY ("use_company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_case" ADD CONSTRAINT "rescue_case_rescue_unit_id_enterprise_id_fk" FOREIGN KEY ("rescue_unit_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_case" ADD CONSTRAINT "rescue_case_agent_id_sys_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_case" ADD CONSTRAINT "rescue_case_assignee_id_enterprise_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_case" ADD CONSTRAINT "rescue_case_accepted_by_sys_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_case_step" ADD CONSTRAINT "rescue_case_step_case_id_rescue_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."rescue_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_case_step" ADD CONSTRAINT "rescue_case_step_company_id_enterprise_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_case_step" ADD CONSTRAINT "rescue_case_step_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_duty" ADD CONSTRAINT "rescue_duty_staff_id_rescue_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."rescue_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_grid" ADD CONSTRAINT "rescue_grid_unit_id_enterprise_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_staff" ADD CONSTRAINT "rescue_staff_unit_id_enterprise_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_staff" ADD CONSTRAINT "rescue_staff_team_id_rescue_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."rescue_team"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_staff" ADD CONSTRAINT "rescue_staff_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_team" ADD CONSTRAINT "rescue_team_unit_id_enterprise_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agent" ADD CONSTRAINT "service_agent_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agent_shift" ADD CONSTRAINT "service_agent_shift_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_elevator" ADD CONSTRAINT "signing_elevator_signing_id_signing_record_id_fk" FOREIGN KEY ("signing_id") REFERENCES "public"."signing_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_elevator" ADD CONSTRAINT "signing_elevator_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_record" ADD CONSTRAINT "signing_record_use_company_id_enterprise_id_fk" FOREIGN KEY ("use_company_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_record" ADD CONSTRAINT "signing_record_partner_id_enterprise_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_record" ADD CONSTRAINT "signing_record_file_id_sys_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_record" ADD CONSTRAINT "signing_record_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_record_token_uq" ON "call_record" USING btree ("token");--> statement-breakpoint
CREATE INDEX "call_record_phone_idx" ON "call_record" USING btree ("phone","started_at");--> statement-breakpoint
CREATE INDEX "call_record_agent_idx" ON "call_record" USING btree ("agent_id","started_at");--> statement-breakpoint
CREATE INDEX "call_record_case_idx" ON "call_record" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "emergency_code_claimed_idx" ON "emergency_code" USING btree ("claimed_by","code");--> statement-breakpoint
CREATE INDEX "emergency_code_batch_idx" ON "emergency_code" USING btree ("batch_id","code");--> statement-breakpoint
CREATE INDEX "emergency_code_record_code_idx" ON "emergency_code_record" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "emergency_code_record_action_idx" ON "emergency_code_record" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "public_report_hit_code_idx" ON "public_report_hit" USING btree ("code","at");--> statement-breakpoint
CREATE INDEX "public_report_hit_ip_idx" ON "public_report_hit" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_order_no_uq" ON "repair_order" USING btree ("repair_no");--> statement-breakpoint
CREATE INDEX "repair_order_area_idx" ON "repair_order" USING btree ("area_code","id");--> statement-breakpoint
CREATE INDEX "repair_order_maintenance_idx" ON "repair_order" USING btree ("maintenance_company_id","id");--> statement-breakpoint
CREATE INDEX "repair_order_use_idx" ON "repair_order" USING btree ("use_company_id","id");--> statement-breakpoint
CREATE INDEX "repair_order_lift_idx" ON "repair_order" USING btree ("elevator_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rescue_case_no_uq" ON "rescue_case" USING btree ("case_no");--> statement-breakpoint
CREATE UNIQUE INDEX "rescue_case_open_lift_uq" ON "rescue_case" USING btree ("elevator_id") WHERE "rescue_case"."status" < 6 and "rescue_case"."kind" = 1 and "rescue_case"."elevator_id" is not null;--> statement-breakpoint
CREATE INDEX "rescue_case_open_idx" ON "rescue_case" USING btree ("status","alarm_at") WHERE "rescue_case"."status" < 6;--> statement-breakpoint
CREATE INDEX "rescue_case_area_idx" ON "rescue_case" USING btree ("area_code","alarm_at");--> statement-breakpoint
CREATE INDEX "rescue_case_alarm_idx" ON "rescue_case" USING btree ("alarm_at");--> statement-breakpoint
CREATE INDEX "rescue_case_assignee_idx" ON "rescue_case" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "rescue_case_maintenance_idx" ON "rescue_case" USING btree ("maintenance_company_id","alarm_at");--> statement-breakpoint
CREATE INDEX "rescue_case_use_idx" ON "rescue_case" USING btree ("use_company_id","alarm_at");--> statement-breakpoint
CREATE INDEX "rescue_case_lift_idx" ON "rescue_case" USING btree ("elevator_id","alarm_at");--> statement-breakpoint
CREATE INDEX "rescue_case_deadline_idx" ON "rescue_case" USING btree ("accept_deadline") WHERE "rescue_case"."status" = 2;--> statement-breakpoint
CREATE INDEX "rescue_case_step_case_idx" ON "rescue_case_step" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rescue_duty_uq" ON "rescue_duty" USING btree ("staff_id","day","shift");--> statement-breakpoint
CREATE INDEX "rescue_duty_day_idx" ON "rescue_duty" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "rescue_grid_name_uq" ON "rescue_grid" USING btree ("name");--> statement-breakpoint
CREATE INDEX "rescue_grid_bbox_idx" ON "rescue_grid" USING btree ("min_lng","max_lng","min_lat","max_lat");--> statement-breakpoint
CREATE UNIQUE INDEX "rescue_staff_phone_uq" ON "rescue_staff" USING btree ("unit_id","phone");--> statement-breakpoint
CREATE INDEX "rescue_staff_unit_idx" ON "rescue_staff" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rescue_team_name_uq" ON "rescue_team" USING btree ("unit_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "service_agent_seat_uq" ON "service_agent" USING btree ("seat_no");--> statement-breakpoint
CREATE INDEX "service_agent_shift_user_idx" ON "service_agent_shift" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_elevator_uq" ON "signing_elevator" USING btree ("signing_id","elevator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_record_no_uq" ON "signing_record" USING btree ("sign_no");--> statement-breakpoint
CREATE INDEX "signing_record_use_idx" ON "signing_record" USING btree ("use_company_id","id");--> statement-breakpoint
CREATE INDEX "signing_record_area_idx" ON "signing_record" USING btree ("area_code","id");