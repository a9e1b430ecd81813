CREATE TABLE "iot_broker_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"op" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" text NOT NULL,
	"secret" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
