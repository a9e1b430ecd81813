CREATE TABLE "login_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"user_id" integer,
	"success" boolean NOT NULL,
	"reason" text,
	"method" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_token" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "auth_token" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "login_log_created_idx" ON "login_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "auth_token_active_idx" ON "auth_token" USING btree ("expires_at") WHERE "auth_token"."revoked_at" is null;--> statement-breakpoint
-- Sessions opened before this migration: their last activity is unknown, their sign-in is the best guess.
UPDATE "auth_token" SET "last_seen_at" = "created_at";