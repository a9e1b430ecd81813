DROP INDEX "iot_device_code_uq";--> statement-breakpoint
DROP INDEX "iot_device_merchant_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "iot_device_merchant_code_uq" ON "iot_device" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE INDEX "iot_device_code_idx" ON "iot_device" USING btree ("code");