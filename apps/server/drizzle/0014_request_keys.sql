-- The first answer of each write call, by the key its page sent: a write sent again is answered
-- without being made twice (routes/board-call.ts, services/request-keys.ts).
CREATE TABLE "request_keys" (
	"username" text NOT NULL,
	"key" text NOT NULL,
	"call" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_keys_username_key_pk" PRIMARY KEY("username","key")
);
--> statement-breakpoint
CREATE INDEX "request_keys_created_idx" ON "request_keys" USING btree ("created");