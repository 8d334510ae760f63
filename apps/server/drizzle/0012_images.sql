-- Uploaded posters and photos (POST /api/images), kept in the database so every server process serves them and
-- every backup holds them (ADR 030): two WebP versions, at most 1200 and 600 px wide, per uploader; the hash of the
-- full one is the address it is served at.
CREATE TABLE "images" (
	"hash" text NOT NULL,
	"owner_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"full_webp" bytea NOT NULL,
	"small_webp" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_hash_owner_id_pk" PRIMARY KEY("hash","owner_id"),
	CONSTRAINT "images_hash_check" CHECK ("images"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;