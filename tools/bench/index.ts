/**
 * `npm run bench [-- --only auth|elevators|imports|maintenance|rescue|inspection-report|inspection-orders|iot|exports|stats] [-- --elevators N] [-- --orders M] [-- --cases K]`:
 * throughput and latency of the hot calls, each printed beside a baseline (the health call) measured
 * in the same run on the same server. Uses a throw-away PGlite folder, or DATABASE_URL's PostgreSQL
 * when set (the registry benchmark then adds its rows to that database; the maintenance benchmark
 * and rescue benchmarks create a database of their own on that server and drop it). `--orders` defaults to
 * 10 per elevator, `--cases` (closed rescue cases) to 1 per elevator. `inspection-orders` loads
 * `--inspection-orders` orders (1,000,000 on PostgreSQL, 100,000 on PGlite) over `--inspection-lifts` lifts.
 */
import { benchAuth } from './auth.ts';
import { benchElevators } from './elevators.ts';
import { benchImports } from './imports.ts';
import { benchMaintenance } from './maintenance.ts';
import { benchRescue } from './rescue.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const only = arg('--only');
const elevators = Number(arg('--elevators') ?? 100_000);

if (!only || only === 'auth') await benchAuth();
if (!only || only === 'elevators') await benchElevators(elevators);
// Other users' list calls while an import runs, on a registry of 20,000 (the list's cost is not the point).
if (!only || only === 'imports') await benchImports(20_000);
if (!only || only === 'maintenance')
  await benchMaintenance(elevators, Number(arg('--orders') ?? elevators * 10));
if (!only || only === 'rescue') await benchRescue(elevators, Number(arg('--cases') ?? elevators));
if (!only || only === 'inspection-report')
  await (await import('./inspection-report.ts')).benchInspectionReport();
// Advertising: 20,000 points by default (under 2 minutes); the 100,000 with --ad-points /
// --ad-settlement-points 100000.
if (!only || only === 'ad') await (await import('./ad.ts')).benchAd(Number(arg('--ad-points') ?? 20_000));
if (!only || only === 'ad-settlement')
  await (await import('./ad-settlement.ts')).benchAdSettlement(
    Number(arg('--ad-settlement-points') ?? 20_000),
  );
if (!only || only === 'inspection-orders') {
  const count = (name: string) => (arg(name) ? Number(arg(name)) : undefined);
  await (await import('./inspection-orders.ts')).benchInspectionOrders(
    count('--inspection-orders'),
    count('--inspection-lifts'),
  );
}
// IoT through Mosquitto (--iot-devices, --iot-seconds, --iot-interval, --iot-full; see iot.ts).
if (!only || only === 'iot') await (await import('./iot.ts')).benchIot();
// A background export of 5,000,000 sign-in log rows (200,000 on PGlite; --export-rows N).
if (!only || only === 'exports')
  await (await import('./exports.ts')).benchExports(
    Number(arg('--export-rows') ?? (process.env.DATABASE_URL ? 5_000_000 : 200_000)),
  );
if (!only || only === 'stats')
  await (await import('./stats.ts')).benchStats(
    elevators,
    Number(arg('--orders') ?? elevators * 10),
    Number(arg('--cases') ?? elevators),
  );
