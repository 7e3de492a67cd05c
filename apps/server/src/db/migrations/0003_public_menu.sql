CREATE TABLE "analytics_events" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"restaurant_id" char(24) NOT NULL,
	"type" text NOT NULL,
	"menu_id" char(24),
	"dish_id" char(24),
	"visitor" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "filter_options" jsonb;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_restaurant_created_idx" ON "analytics_events" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");