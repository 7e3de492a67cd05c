CREATE TABLE "subscriptions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"restaurant_id" char(24) NOT NULL,
	"provider" text NOT NULL,
	"price_id" text NOT NULL,
	"interval" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"checkout_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_restaurant_idx" ON "subscriptions" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_checkout_session_idx" ON "subscriptions" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_active_idx" ON "subscriptions" USING btree ("restaurant_id") WHERE "subscriptions"."status" = 'active';