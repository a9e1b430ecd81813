CREATE TABLE "community" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"area_code" text NOT NULL,
	"address" text NOT NULL,
	"use_company_id" integer,
	"building_count" integer,
	"longitude" double precision,
	"latitude" double precision,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "elevator_safety_officer" (
	"elevator_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_org_profile" (
	"enterprise_id" integer PRIMARY KEY NOT NULL,
	"approval_no" text,
	"approval_expiry" date,
	"approval_file_id" uuid,
	"business_licence_file_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_contract" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_no" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"use_company_id" integer NOT NULL,
	"area_code" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"plan_type" text NOT NULL,
	"amount" real,
	"sign_date" date,
	"contract_file_id" uuid,
	"remark" text,
	"filing_state" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_contract_elevator" (
	"contract_id" integer NOT NULL,
	"elevator_id" integer NOT NULL,
	CONSTRAINT "maintenance_contract_elevator_contract_id_elevator_id_pk" PRIMARY KEY("contract_id","elevator_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_rating" (
	"id" serial PRIMARY KEY NOT NULL,
	"elevator_id" integer NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"use_company_id" integer NOT NULL,
	"area_code" text,
	"order_id" integer,
	"period" text NOT NULL,
	"score" smallint NOT NULL,
	"comment" text,
	"rated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_unit_profile" (
	"enterprise_id" integer PRIMARY KEY NOT NULL,
	"licence_type" text,
	"licence_grade" text,
	"licence_no" text,
	"licence_expiry" date,
	"licence_file_id" uuid,
	"business_licence_file_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_profile" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"role" text NOT NULL,
	"position" text,
	"id_number" text NOT NULL,
	"cert_type" text,
	"cert_no" text,
	"cert_expiry" date,
	"cert_file_id" uuid,
	"photo_file_id" uuid,
	"employed" smallint DEFAULT 1 NOT NULL,
	"leave_reason" text,
	"leave_date" date,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "use_unit_profile" (
	"enterprise_id" integer PRIMARY KEY NOT NULL,
	"unit_type" text,
	"safety_director" text,
	"safety_director_phone" text,
	"business_licence_file_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community" ADD CONSTRAINT "community_use_company_id_enterprise_id_fk" FOREIGN KEY ("use_company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community" ADD CONSTRAINT "community_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_safety_officer" ADD CONSTRAINT "elevator_safety_officer_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_safety_officer" ADD CONSTRAINT "elevator_safety_officer_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_safety_officer" ADD CONSTRAINT "elevator_safety_officer_company_id_enterprise_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_safety_officer" ADD CONSTRAINT "elevator_safety_officer_assigned_by_sys_user_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_org_profile" ADD CONSTRAINT "inspection_org_profile_enterprise_id_enterprise_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_org_profile" ADD CONSTRAINT "inspection_org_profile_approval_file_id_sys_file_id_fk" FOREIGN KEY ("approval_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_org_profile" ADD CONSTRAINT "inspection_org_profile_business_licence_file_id_sys_file_id_fk" FOREIGN KEY ("business_licence_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_contract" ADD CONSTRAINT "maintenance_contract_maintenance_company_id_enterprise_id_fk" FOREIGN KEY ("maintenance_company_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_contract" ADD CONSTRAINT "maintenance_contract_use_company_id_enterprise_id_fk" FOREIGN KEY ("use_company_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_contract" ADD CONSTRAINT "maintenance_contract_contract_file_id_sys_file_id_fk" FOREIGN KEY ("contract_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_contract" ADD CONSTRAINT "maintenance_contract_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_contract_elevator" ADD CONSTRAINT "maintenance_contract_elevator_contract_id_maintenance_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."maintenance_contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_contract_elevator" ADD CONSTRAINT "maintenance_contract_elevator_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_rating" ADD CONSTRAINT "maintenance_rating_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_rating" ADD CONSTRAINT "maintenance_rating_maintenance_company_id_enterprise_id_fk" FOREIGN KEY ("maintenance_company_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_rating" ADD CONSTRAINT "maintenance_rating_use_company_id_enterprise_id_fk" FOREIGN KEY ("use_company_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_rating" ADD CONSTRAINT "maintenance_rating_rated_by_sys_user_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_unit_profile" ADD CONSTRAINT "maintenance_unit_profile_enterprise_id_enterprise_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_unit_profile" ADD CONSTRAINT "maintenance_unit_profile_licence_file_id_sys_file_id_fk" FOREIGN KEY ("licence_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_unit_profile" ADD CONSTRAINT "maintenance_unit_profile_business_licence_file_id_sys_file_id_fk" FOREIGN KEY ("business_licence_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profile" ADD CONSTRAINT "staff_profile_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profile" ADD CONSTRAINT "staff_profile_company_id_enterprise_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profile" ADD CONSTRAINT "staff_profile_cert_file_id_sys_file_id_fk" FOREIGN KEY ("cert_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profile" ADD CONSTRAINT "staff_profile_photo_file_id_sys_file_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "use_unit_profile" ADD CONSTRAINT "use_unit_profile_enterprise_id_enterprise_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "use_unit_profile" ADD CONSTRAINT "use_unit_profile_business_licence_file_id_sys_file_id_fk" FOREIGN KEY ("business_licence_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_area_name_uq" ON "community" USING btree ("area_code","name");--> statement-breakpoint
CREATE INDEX "community_use_company_idx" ON "community" USING btree ("use_company_id");--> statement-breakpoint
CREATE INDEX "elevator_safety_officer_user_idx" ON "elevator_safety_officer" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_contract_no_uq" ON "maintenance_contract" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "maintenance_contract_maintenance_idx" ON "maintenance_contract" USING btree ("maintenance_company_id","id");--> statement-breakpoint
CREATE INDEX "maintenance_contract_use_idx" ON "maintenance_contract" USING btree ("use_company_id","id");--> statement-breakpoint
CREATE INDEX "maintenance_contract_elevator_idx" ON "maintenance_contract_elevator" USING btree ("elevator_id");--> statement-breakpoint
CREATE INDEX "maintenance_rating_company_idx" ON "maintenance_rating" USING btree ("maintenance_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_rating_order_uq" ON "maintenance_rating" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_rating_period_uq" ON "maintenance_rating" USING btree ("elevator_id","period") WHERE order_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_profile_id_number_uq" ON "staff_profile" USING btree ("id_number");--> statement-breakpoint
CREATE INDEX "staff_profile_company_idx" ON "staff_profile" USING btree ("company_id","user_id");