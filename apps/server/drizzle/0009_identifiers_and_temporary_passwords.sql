-- One-time passwords given out by an administrator or a company must be changed at the first sign-in.
ALTER TABLE "sys_user" ADD COLUMN "password_temporary" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Every value that names an account (user name, phone, and the past ones, kind 'past') names one
-- account only: the primary key decides, whoever writes sys_user.
CREATE TABLE "sys_user_identifier" (
	"value" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user_identifier" ADD CONSTRAINT "sys_user_identifier_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sys_user_identifier_user_idx" ON "sys_user_identifier" USING btree ("user_id");
--> statement-breakpoint
-- Existing accounts: user names first, then phones; where an older account already holds a value,
-- it keeps it (the newer account's phone then no longer signs in).
INSERT INTO "sys_user_identifier" ("value", "user_id", "kind")
SELECT "username", "id", 'username' FROM "sys_user" ORDER BY "id" ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_user_identifier" ("value", "user_id", "kind")
SELECT "phone", "id", 'phone' FROM "sys_user" WHERE "phone" IS NOT NULL ORDER BY "id" ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Gives the value to the account, or raises unique_violation (DETAIL: kind, a colon, the value) when
-- another account holds it. A concurrent claim of the same value waits for the first to end.
CREATE FUNCTION "sys_user_claim_identifier"(uid integer, val text, k text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  holder integer;
BEGIN
  INSERT INTO "sys_user_identifier" AS i ("value", "user_id", "kind") VALUES (val, uid, k)
  ON CONFLICT ("value") DO UPDATE SET "kind" = CASE WHEN i."kind" = 'past' THEN excluded."kind" ELSE i."kind" END
    WHERE i."user_id" = excluded."user_id"
  RETURNING i."user_id" INTO holder;
  IF holder IS NULL THEN
    RAISE unique_violation USING
      MESSAGE = format('%s %s names another account', k, val),
      DETAIL = k || ':' || val,
      CONSTRAINT = 'sys_user_identifier_pkey',
      TABLE = 'sys_user_identifier';
  END IF;
END
$$;
--> statement-breakpoint
-- A changed user name or phone stays with its account as a past identifier (reserved, not for sign-in).
CREATE FUNCTION "sys_user_identifiers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD."username" IS DISTINCT FROM NEW."username" THEN
      UPDATE "sys_user_identifier" SET "kind" = 'past' WHERE "value" = OLD."username" AND "user_id" = OLD."id";
    END IF;
    IF OLD."phone" IS NOT NULL AND OLD."phone" IS DISTINCT FROM NEW."phone" THEN
      UPDATE "sys_user_identifier" SET "kind" = 'past' WHERE "value" = OLD."phone" AND "user_id" = OLD."id";
    END IF;
  END IF;
  PERFORM "sys_user_claim_identifier"(NEW."id", NEW."username", 'username');
  IF NEW."phone" IS NOT NULL THEN
    PERFORM "sys_user_claim_identifier"(NEW."id", NEW."phone", 'phone');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sys_user_identifiers" AFTER INSERT OR UPDATE OF "username", "phone" ON "sys_user" FOR EACH ROW EXECUTE FUNCTION "sys_user_identifiers"();
--> statement-breakpoint
-- Sessions read these columns of sys_user; sign-in's failure counters are not among them, so a
-- sign-in no longer empties every server's session cache.
DROP TRIGGER "sys_user_auth_changed" ON "sys_user";
--> statement-breakpoint
CREATE TRIGGER "sys_user_auth_changed" AFTER UPDATE OF "username", "real_name", "user_type", "company_id", "area_codes", "filing_state", "status", "password_temporary" OR INSERT OR DELETE OR TRUNCATE ON "sys_user" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"();
