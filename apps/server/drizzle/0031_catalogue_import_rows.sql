-- A catalogue file being imported is written here an item at a time as it streams in, then applied to the
-- catalogue in one transaction that removes its rows (decision 0058): the import's memory does not grow
-- with the file. Unlogged: the rows are only ever needed by the process that is importing.
CREATE UNLOGGED TABLE "catalogue_import_rows" (
	"import_key" text NOT NULL,
	"parent_no" integer NOT NULL,
	"artefact_no" integer NOT NULL,
	"group_no" integer NOT NULL,
	"item_no" integer NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_import_rows_pk" PRIMARY KEY("import_key","parent_no","artefact_no","group_no","item_no")
);
