-- The read notifications a page at a time, newest first by (created_at, id): /notifications' Earlier group.
CREATE INDEX "notifications_read_idx" ON "notifications" USING btree ("user_id","created_at","id") WHERE "notifications"."read_at" is not null;
