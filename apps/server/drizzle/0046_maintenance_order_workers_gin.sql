-- A worker's orders are found by plan date (the phone page: planned up to today, not yet submitted);
-- the GIN on worker_ids served no query (`id = any(worker_ids)` cannot use it) but cost every order made.
DROP INDEX "maintenance_order_workers_idx";
