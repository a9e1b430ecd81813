CREATE TABLE "audit_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audit_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"actor_id" integer,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"state" smallint NOT NULL,
	"audit_state" smallint,
	"description" text,
	"area_code" text,
	"company_id" integer,
	"payload" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_token" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "enterprise" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"credit_code" text,
	"kind" text NOT NULL,
	"area_code" text,
	"address" text,
	"legal_person" text,
	"contact_name" text,
	"contact_phone" text,
	"filing_state" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_state" (
	"name" text PRIMARY KEY NOT NULL,
	"last_slot" text,
	"last_run_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" text,
	"ip" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"summary" text,
	"params" jsonb,
	"status" integer NOT NULL,
	"success" boolean NOT NULL,
	"message" text,
	"duration_ms" integer NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_area" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_code" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_file" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"ext" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_logo" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"logo_id" uuid,
	"file_type" text DEFAULT 'logo' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"icon" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'C' NOT NULL,
	"perms" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_param" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_key" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_key" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"data_scope" text DEFAULT 'self' NOT NULL,
	"role_type" text,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role_menu" (
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "sys_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"phone" text,
	"real_name" text NOT NULL,
	"email" text,
	"id_number" text,
	"avatar" text,
	"introduction" text,
	"password_hash" text NOT NULL,
	"user_type" text NOT NULL,
	"company_id" integer,
	"area_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"filing_state" smallint DEFAULT 3 NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "audit_history" ADD CONSTRAINT "audit_history_audit_id_audit_record_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_token" ADD CONSTRAINT "auth_token_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dict_data" ADD CONSTRAINT "sys_dict_data_type_id_sys_dict_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."sys_dict_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_file" ADD CONSTRAINT "sys_file_uploader_id_sys_user_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_logo" ADD CONSTRAINT "sys_logo_logo_id_sys_file_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_logo" ADD CONSTRAINT "sys_logo_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_menu_id_sys_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_company_id_enterprise_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_history_audit_idx" ON "audit_history" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "audit_record_kind_state_idx" ON "audit_record" USING btree ("kind","state");--> statement-breakpoint
CREATE INDEX "audit_record_subject_idx" ON "audit_record" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_token_hash_uq" ON "auth_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_token_user_idx" ON "auth_token" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_credit_code_uq" ON "enterprise" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "enterprise_kind_idx" ON "enterprise" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "operation_log_created_idx" ON "operation_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operation_log_user_idx" ON "operation_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("phone","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sys_area_parent_idx" ON "sys_area" USING btree ("parent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_data_type_key_uq" ON "sys_dict_data" USING btree ("type_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_type_code_uq" ON "sys_dict_type" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sys_menu_parent_idx" ON "sys_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_param_key_uq" ON "sys_param" USING btree ("config_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_key_uq" ON "sys_role" USING btree ("role_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_username_uq" ON "sys_user" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_phone_uq" ON "sys_user" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "sys_user_company_idx" ON "sys_user" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sys_user_role_role_idx" ON "sys_user_role" USING btree ("role_id");