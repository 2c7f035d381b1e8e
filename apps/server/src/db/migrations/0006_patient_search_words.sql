-- Name search (issue 3). One word: the trigram GiST index returns the nearest names first (KNN).
-- Several words: the names that hold, for every word of the term, a word like it — looked up in a
-- dictionary of the words of all names (patient_name_word, trigram GIN), then intersected through a
-- GIN index on each name's words.

-- The searchable form of a name: lower case, no accents, no apostrophes (O'Brien → obrien, one word
-- for pg_trgm). One definition for stored names and for search terms. STABLE, not IMMUTABLE, as
-- unaccent depends on its dictionary: the repository keeps name_search, it is not generated.
CREATE OR REPLACE FUNCTION patient_search_key(name text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(lower(unaccent(name)), '[''’]', '', 'g') $$;--> statement-breakpoint
UPDATE "patient" SET "name_search" = patient_search_key("name") WHERE "name_search" <> patient_search_key("name");--> statement-breakpoint
CREATE TABLE "patient_name_word" (
	"word" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient" ADD COLUMN "name_words" text[] GENERATED ALWAYS AS (array_remove(regexp_split_to_array(name_search, '[^[:alnum:]]+'), '')) STORED NOT NULL;--> statement-breakpoint
-- Every statement that writes patients adds the new words of their names (one INSERT per
-- statement). No unique key: it would make this write wait for any uncommitted write of the same
-- new word (a long import) and let two imports deadlock; two transactions adding the same new word
-- at once leave a harmless duplicate.
CREATE OR REPLACE FUNCTION patient_name_word_collect() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO patient_name_word (word)
    SELECT DISTINCT w FROM new_rows, unnest(new_rows.name_words) AS w
    WHERE NOT EXISTS (SELECT 1 FROM patient_name_word d WHERE d.word = w);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER patient_name_word_on_insert AFTER INSERT ON patient
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_name_word_collect();--> statement-breakpoint
CREATE TRIGGER patient_name_word_on_update AFTER UPDATE ON patient
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_name_word_collect();--> statement-breakpoint
INSERT INTO patient_name_word (word) SELECT DISTINCT unnest(name_words) FROM patient;--> statement-breakpoint
CREATE INDEX "patient_name_word_idx" ON "patient_name_word" USING btree ("word");--> statement-breakpoint
CREATE INDEX "patient_name_word_trgm_idx" ON "patient_name_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patient_name_words_idx" ON "patient" USING gin ("name_words") WHERE "patient"."deleted_at" is null;
