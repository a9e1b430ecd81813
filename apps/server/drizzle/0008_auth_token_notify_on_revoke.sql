-- A token matters to the servers' session caches only when it ends: revoked or deleted. Sign-ins
-- (new tokens, cached nowhere yet) and the once-a-minute renewal of a token's expiry (a cached copy
-- with the older expiry only errs on the safe side) no longer empty every server's cache.
DROP TRIGGER "auth_token_auth_changed" ON "auth_token";
--> statement-breakpoint
CREATE TRIGGER "auth_token_auth_changed" AFTER UPDATE OF "revoked_at" OR DELETE OR TRUNCATE ON "auth_token" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"();
