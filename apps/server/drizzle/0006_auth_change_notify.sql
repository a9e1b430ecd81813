-- Servers keep recently authenticated tokens in memory for a few seconds. Any change to what
-- authentication reads (tokens, users, their roles, the roles' grants and menus, and the filing
-- state of companies) tells every server to forget them, through NOTIFY on channel auth_changed.
CREATE FUNCTION "auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_token_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_token" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "sys_user_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_user" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "sys_user_role_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_user_role" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "sys_role_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_role" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "sys_role_menu_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_role_menu" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "sys_menu_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_menu" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "enterprise_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enterprise" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"();
