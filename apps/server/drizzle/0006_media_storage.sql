CREATE TABLE "media_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "media_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "media_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"storage" text NOT NULL,
	"size" bigint,
	"sha256" text,
	"attached" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_objects_storage" CHECK ("media_objects"."storage" in ('local', 's3'))
);
--> statement-breakpoint
ALTER TABLE "content_media" ALTER COLUMN "size" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "content_media" ADD COLUMN "storage_key" text;--> statement-breakpoint
-- Existing files move into the local storage as they are: one object each, its bytes cut into 256 KiB chunks.
UPDATE "content_media" SET "storage_key" = gen_random_uuid()::text;--> statement-breakpoint
INSERT INTO "media_objects" ("key", "storage", "size", "sha256", "attached", "created_at")
  SELECT "storage_key", 'local', octet_length("data"), encode(sha256("data"), 'hex'), true, "created_at" FROM "content_media";--> statement-breakpoint
INSERT INTO "media_chunks" ("key", "seq", "data")
  SELECT m."storage_key", s.seq, substring(m."data" FROM s.seq * 262144 + 1 FOR 262144)
  FROM "content_media" m CROSS JOIN LATERAL generate_series(0, (octet_length(m."data") - 1) / 262144) AS s(seq)
  WHERE octet_length(m."data") > 0;--> statement-breakpoint
ALTER TABLE "content_media" ALTER COLUMN "storage_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "media_chunks" ADD CONSTRAINT "media_chunks_key_media_objects_key_fk" FOREIGN KEY ("key") REFERENCES "public"."media_objects"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_objects_storage_idx" ON "media_objects" USING btree ("storage");--> statement-breakpoint
ALTER TABLE "content_media" ADD CONSTRAINT "content_media_storage_key_media_objects_key_fk" FOREIGN KEY ("storage_key") REFERENCES "public"."media_objects"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_media_storage_key_key" ON "content_media" USING btree ("storage_key");--> statement-breakpoint
ALTER TABLE "content_media" DROP COLUMN "data";