CREATE TABLE "sys_agreement" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_office" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"code" text,
	"area_code" text,
	"leader" text,
	"phone" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_record_subject_idx";--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "office_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_agreement_kind_uq" ON "sys_agreement" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "sys_office_parent_idx" ON "sys_office" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_office_code_uq" ON "sys_office" USING btree ("code");--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_office_id_sys_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."sys_office"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_record_subject_uq" ON "audit_record" USING btree ("kind","subject_id");