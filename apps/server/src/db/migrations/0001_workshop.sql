CREATE TABLE "categories" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"restaurant_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_dishes" (
	"category_id" char(24) NOT NULL,
	"dish_id" char(24) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_dishes_category_id_dish_id_pk" PRIMARY KEY("category_id","dish_id")
);
--> statement-breakpoint
CREATE TABLE "customizations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"restaurant_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"is_custom" boolean DEFAULT true NOT NULL,
	"is_fixed_price" boolean DEFAULT true NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dish_ingredients" (
	"dish_id" char(24) NOT NULL,
	"ingredient_id" char(24) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dish_ingredients_dish_id_ingredient_id_pk" PRIMARY KEY("dish_id","ingredient_id")
);
--> statement-breakpoint
CREATE TABLE "dish_side_dishes" (
	"dish_id" char(24) NOT NULL,
	"side_dish_id" char(24) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dish_side_dishes_dish_id_side_dish_id_pk" PRIMARY KEY("dish_id","side_dish_id")
);
--> statement-breakpoint
CREATE TABLE "dishes" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"restaurant_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"calories" integer,
	"alcohol_percentage" numeric(5, 2),
	"image" text,
	"is_available" boolean DEFAULT true NOT NULL,
	"customizations" jsonb DEFAULT '{"selected":[],"custom":[]}'::jsonb NOT NULL,
	"dietary" jsonb DEFAULT '{"selected":{"diets":[],"foodTypes":[],"other":[]},"admin":{"diets":[],"foodTypes":[],"other":[]}}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingredients" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"restaurant_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"parent_id" char(24),
	"is_available" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_categories" (
	"menu_id" char(24) NOT NULL,
	"category_id" char(24) NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"adjustment" jsonb,
	CONSTRAINT "menu_categories_menu_id_category_id_pk" PRIMARY KEY("menu_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"restaurant_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text,
	"logo" text,
	"colors" jsonb DEFAULT '{"primary":"#ff1616","secondary":"#83cdf1","tertiary":"#f46d26"}'::jsonb NOT NULL,
	"fonts" jsonb DEFAULT '{"primary":"Roboto","secondary":"Open Sans","tertiary":"Lato"}'::jsonb NOT NULL,
	"selected_template" text DEFAULT 'Classic Template' NOT NULL,
	"template_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"show_cta" jsonb DEFAULT '{"title":"REPORT AN ISSUE","content":"Prices on this menu are set directly by the merchant","emails":[]}'::jsonb NOT NULL,
	"display_ingredients" boolean DEFAULT true NOT NULL,
	"display_dietary" boolean DEFAULT true NOT NULL,
	"display_side_dishes" boolean DEFAULT true NOT NULL,
	"draft" boolean DEFAULT true NOT NULL,
	"valid" jsonb DEFAULT '{"monday":true,"tuesday":true,"wednesday":true,"thursday":true,"friday":true,"saturday":true,"sunday":true,"startTime":"00:00","endTime":"23:59"}'::jsonb NOT NULL,
	"twenty_four_hours" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "dietary" jsonb DEFAULT '{"diets":[],"foodTypes":[],"other":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_dishes" ADD CONSTRAINT "category_dishes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_dishes" ADD CONSTRAINT "category_dishes_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customizations" ADD CONSTRAINT "customizations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_ingredients" ADD CONSTRAINT "dish_ingredients_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_ingredients" ADD CONSTRAINT "dish_ingredients_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_side_dishes" ADD CONSTRAINT "dish_side_dishes_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_side_dishes" ADD CONSTRAINT "dish_side_dishes_side_dish_id_dishes_id_fk" FOREIGN KEY ("side_dish_id") REFERENCES "public"."dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dishes" ADD CONSTRAINT "dishes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredients" ADD CONSTRAINT "ingredients_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_restaurant_idx" ON "categories" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "category_dishes_dish_idx" ON "category_dishes" USING btree ("dish_id");--> statement-breakpoint
CREATE INDEX "customizations_restaurant_idx" ON "customizations" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "dish_ingredients_ingredient_idx" ON "dish_ingredients" USING btree ("ingredient_id");--> statement-breakpoint
CREATE INDEX "dishes_restaurant_idx" ON "dishes" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ingredients_restaurant_name_idx" ON "ingredients" USING btree ("restaurant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ingredients_parent_idx" ON "ingredients" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "menu_categories_category_idx" ON "menu_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "menus_restaurant_idx" ON "menus" USING btree ("restaurant_id");