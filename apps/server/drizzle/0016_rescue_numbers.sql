-- The running parts of rescue case numbers (JY + day + this) and repair numbers (BX + day + this):
-- they start at 100,000, so they have 6 digits and more as they grow, never cut.
CREATE SEQUENCE IF NOT EXISTS "rescue_case_no_seq" START 100000;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "repair_order_no_seq" START 100000;
