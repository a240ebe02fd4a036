-- The payment emulators are their own app (apps/emulators, decision 0032) and keep their records themselves.
DROP TABLE IF EXISTS "emulator_records";
