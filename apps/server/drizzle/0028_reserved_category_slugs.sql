-- Top-level paths the store took for itself since categories could be named freely: the Spanish and French
-- pages' prefixes (/es, /fr: decision 0052), the mails' unsubscribe links, the account deletion's pages and the
-- share images (/og). A category that had one of those slugs could no longer be reached, and now none may take
-- one (RESERVED_SLUGS). It keeps its slug with its id after it ("es-12", unique as the id is); an operator may
-- rename it in the editor.
UPDATE "categories" SET "slug" = "slug" || '-' || "id"
WHERE "slug" IN ('es', 'fr', 'unsubscribe', 'delete-account', 'account-deleted', 'og');
