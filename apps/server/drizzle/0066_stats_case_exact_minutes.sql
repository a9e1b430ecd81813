-- The rescue rollup keeps each case's minutes exact (statistics/sources/rescue.ts), no longer rounded
-- to 0.1: an arrival 30 min 2 s after the alarm was counted within 30 minutes. The next run of the job
-- re-reads every case (its cursor cleared), so the cases' rows and their months are rewritten.
UPDATE "stats_cursor" SET "changed_up_to" = NULL WHERE "source" = 'case';
