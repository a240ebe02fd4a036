-- What a notification is about (kind, order number, names, amount), so that it is written in the reader's language
-- when read. Rows from before keep their English title and text, shown as they are.
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;
