-- The masked lists search a phone with the dashes and spaces taken out (platform/masking.ts sameNumber):
-- this index on that expression serves the search, which scanned every account before.
CREATE INDEX "sys_user_phone_digits_idx" ON "sys_user" USING btree (replace(replace("phone", '-', ''), ' ', ''));