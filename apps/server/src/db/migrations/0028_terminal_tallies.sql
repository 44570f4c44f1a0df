CREATE TABLE "terminal_tallies" (
	"owner_id" uuid NOT NULL,
	"status" text NOT NULL,
	"model_id" uuid,
	"online" boolean NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "terminal_tallies_owner_idx" ON "terminal_tallies" USING btree ("owner_id");--> statement-breakpoint
-- Inserted and deleted terminals, counted per statement: an import of many terminals adds one row
-- per key, not one per terminal.
CREATE FUNCTION "terminal_tallies_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "terminal_tallies" ("owner_id", "status", "model_id", "online", "n")
  SELECT "owner_id", "status", "model_id", "online", count(*) FROM "tally_new"
  GROUP BY "owner_id", "status", "model_id", "online";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "terminal_tallies_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "terminal_tallies" ("owner_id", "status", "model_id", "online", "n")
  SELECT "owner_id", "status", "model_id", "online", -count(*) FROM "tally_old"
  GROUP BY "owner_id", "status", "model_id", "online";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A change of a counted column moves the terminal from its old key to its new one. Row by row, since
-- PostgreSQL gives transition tables only to triggers without a column list, and the column list is
-- what keeps the heartbeat writer's updates (last contact, figures) from firing anything.
CREATE FUNCTION "terminal_tallies_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "terminal_tallies" ("owner_id", "status", "model_id", "online", "n") VALUES
    (OLD."owner_id", OLD."status", OLD."model_id", OLD."online", -1),
    (NEW."owner_id", NEW."status", NEW."model_id", NEW."online", 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "terminals_tally_insert" AFTER INSERT ON "terminals"
  REFERENCING NEW TABLE AS "tally_new" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_tallies_added"();--> statement-breakpoint
CREATE TRIGGER "terminals_tally_delete" AFTER DELETE ON "terminals"
  REFERENCING OLD TABLE AS "tally_old" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_tallies_removed"();--> statement-breakpoint
CREATE TRIGGER "terminals_tally_update" AFTER UPDATE OF "owner_id", "status", "model_id", "online" ON "terminals"
  FOR EACH ROW
  WHEN ((OLD."owner_id", OLD."status", OLD."model_id", OLD."online") IS DISTINCT FROM (NEW."owner_id", NEW."status", NEW."model_id", NEW."online"))
  EXECUTE FUNCTION "terminal_tallies_moved"();--> statement-breakpoint
-- A truncate (a restore empties every table first) leaves nothing to count.
CREATE FUNCTION "terminal_tallies_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "terminal_tallies";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "terminals_tally_truncate" AFTER TRUNCATE ON "terminals"
  FOR EACH STATEMENT EXECUTE FUNCTION "terminal_tallies_emptied"();--> statement-breakpoint
INSERT INTO "terminal_tallies" ("owner_id", "status", "model_id", "online", "n")
SELECT "owner_id", "status", "model_id", "online", count(*) FROM "terminals"
GROUP BY "owner_id", "status", "model_id", "online";
