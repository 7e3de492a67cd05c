CREATE TABLE "declaration_changes" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"restaurant_id" char(24) NOT NULL,
	"dish_id" char(24),
	"ingredient_id" char(24),
	"field" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"user_id" char(24),
	"username" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "portion" text;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "allergens" jsonb DEFAULT '{"contains":[],"mayContain":[],"declared":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ingredients" ADD COLUMN "allergens" jsonb DEFAULT '{"contains":[],"mayContain":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "labelling" jsonb DEFAULT '{"region":"other","calories":"none","usStateNotice":"none","blockIncomplete":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "declaration_changes" ADD CONSTRAINT "declaration_changes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_changes" ADD CONSTRAINT "declaration_changes_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_changes" ADD CONSTRAINT "declaration_changes_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "declaration_changes_dish_idx" ON "declaration_changes" USING btree ("dish_id","created_at");--> statement-breakpoint
CREATE INDEX "declaration_changes_ingredient_idx" ON "declaration_changes" USING btree ("ingredient_id","created_at");