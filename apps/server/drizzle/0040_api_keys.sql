CREATE TABLE "api_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"name" text NOT NULL,
	"enterprise_id" integer,
	"scopes" text[] NOT NULL,
	"secret_hash" text NOT NULL,
	"rate_per_minute" integer DEFAULT 600 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_key_rate" (
	"key_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "api_key_rate_key_id_minute_pk" PRIMARY KEY("key_id","minute")
);
--> statement-breakpoint
CREATE TABLE "api_key_use" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_enterprise_id_enterprise_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_revoked_by_sys_user_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_rate" ADD CONSTRAINT "api_key_rate_key_id_api_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_key"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_use" ADD CONSTRAINT "api_key_use_key_id_api_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_key"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_key_key_id_uq" ON "api_key" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "api_key_use_key_idx" ON "api_key_use" USING btree ("key_id","id");