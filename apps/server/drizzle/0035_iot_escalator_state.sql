CREATE TABLE "iot_escalator_state" (
	"elevator_id" integer PRIMARY KEY NOT NULL,
	"device_id" integer,
	"at" timestamp with time zone NOT NULL,
	"mode" text NOT NULL,
	"run" text NOT NULL,
	"speed" double precision NOT NULL,
	"nominal_speed" double precision,
	"handrail_left_deviation" double precision NOT NULL,
	"handrail_right_deviation" double precision NOT NULL,
	"step_missing" boolean NOT NULL,
	"comb_plate_tripped" boolean NOT NULL,
	"safety_circuit" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iot_escalator_state" ADD CONSTRAINT "iot_escalator_state_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_escalator_state" ADD CONSTRAINT "iot_escalator_state_device_id_iot_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."iot_device"("id") ON DELETE set null ON UPDATE no action;