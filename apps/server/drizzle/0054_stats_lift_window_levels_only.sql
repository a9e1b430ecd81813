-- The lift window keeps its city, district and company levels only (rollups.ts LIFT_WINDOW
-- levelsOnly): its base level's rows (dim '') go; the count trigger takes them out of
-- stats_lift_window_count.
DELETE FROM "stats_lift_window" WHERE "dim" = '';
