CREATE TABLE "display_zones" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"restaurant_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_display_menus" (
	"display_id" char(24) NOT NULL,
	"menu_id" char(24) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_display_menus_display_id_menu_id_pk" PRIMARY KEY("display_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "menu_displays" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"zone_id" char(24) NOT NULL,
	"restaurant_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "display_zones" ADD CONSTRAINT "display_zones_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_display_menus" ADD CONSTRAINT "menu_display_menus_display_id_menu_displays_id_fk" FOREIGN KEY ("display_id") REFERENCES "public"."menu_displays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_display_menus" ADD CONSTRAINT "menu_display_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_displays" ADD CONSTRAINT "menu_displays_zone_id_display_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."display_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_displays" ADD CONSTRAINT "menu_displays_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "display_zones_restaurant_idx" ON "display_zones" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "menu_display_menus_menu_idx" ON "menu_display_menus" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "menu_displays_zone_idx" ON "menu_displays" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "menu_displays_restaurant_idx" ON "menu_displays" USING btree ("restaurant_id");