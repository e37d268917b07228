CREATE TABLE "lti_grades" (
	"platform_id" uuid NOT NULL,
	"resource_link_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"override" real,
	"comment" text DEFAULT '' NOT NULL,
	"set_by" text,
	"sent_score" real,
	"sent" timestamp with time zone,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_grades_platform_id_resource_link_id_user_id_pk" PRIMARY KEY("platform_id","resource_link_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "lti_links" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_links" ADD COLUMN "section" text;--> statement-breakpoint
ALTER TABLE "lti_links" ADD COLUMN "grade_scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_links" ADD COLUMN "platform_weights" jsonb;--> statement-breakpoint
ALTER TABLE "lti_links" ADD COLUMN "weights" jsonb;--> statement-breakpoint
ALTER TABLE "lti_grades" ADD CONSTRAINT "lti_grades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grades" ADD CONSTRAINT "lti_grades_link_fk" FOREIGN KEY ("platform_id","resource_link_id") REFERENCES "public"."lti_links"("platform_id","resource_link_id") ON DELETE cascade ON UPDATE no action;