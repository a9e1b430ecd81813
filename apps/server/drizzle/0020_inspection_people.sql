CREATE TABLE "inspection_department" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"leader" text,
	"phone" text,
	"description" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_inspector" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"department_id" integer,
	"user_id" integer,
	"name" text NOT NULL,
	"gender" smallint,
	"id_number" text,
	"phone" text,
	"cert_no" text NOT NULL,
	"category" text NOT NULL,
	"issuing_authority" text,
	"issue_date" date,
	"valid_until" date NOT NULL,
	"audit_state" smallint DEFAULT 2 NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_department" ADD CONSTRAINT "inspection_department_org_id_enterprise_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_inspector" ADD CONSTRAINT "inspection_inspector_org_id_enterprise_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_inspector" ADD CONSTRAINT "inspection_inspector_department_id_inspection_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."inspection_department"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_inspector" ADD CONSTRAINT "inspection_inspector_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_department_org_name_uq" ON "inspection_department" USING btree ("org_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_inspector_cert_uq" ON "inspection_inspector" USING btree ("cert_no") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_inspector_user_uq" ON "inspection_inspector" USING btree ("user_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "inspection_inspector_org_idx" ON "inspection_inspector" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "inspection_inspector_department_idx" ON "inspection_inspector" USING btree ("department_id");