-- The history's months become partitioned by day, each day by arrival (docs/paths.md, "History on disk"):
-- the job iot-partitions makes them so. The empty monthly partitions made by 0027 (this month and the
-- next two, as plain tables) are dropped here, and the job remakes them by day when the server starts;
-- until then a message waits in the default partition, and is moved into its month with it. A month
-- that already holds rows stays a plain table until the retention drops it: it is read as before,
-- only not ordered by lift.
DO $$
DECLARE r record; n bigint;
BEGIN
  FOR r IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'iot_history'::regclass AND c.relkind = 'r' AND c.relname ~ '^iot_history_[0-9]{6}$'
  LOOP
    EXECUTE format('SELECT count(*) FROM (SELECT 1 FROM %I LIMIT 1) x', r.relname) INTO n;
    IF n = 0 THEN
      EXECUTE format('DROP TABLE %I', r.relname);
    END IF;
  END LOOP;
END $$;
