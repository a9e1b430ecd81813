import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Names this run for test/harness.ts (its seeded PostgreSQL templates and their files are
 * `tpl_<run>_…`) and removes them when the run ends. The name is the process id and the start
 * time: a process id alone comes back, and a run that was killed leaves its templates behind,
 * which a later run of the same id would then copy without their files.
 */
export default function setup() {
  const run = `${process.pid}_${Date.now().toString(36)}`;
  process.env.EC_TEST_RUN = run;
  return async () => {
    for (const entry of fs.readdirSync(os.tmpdir())) {
      if (entry.startsWith(`ec-tpl_${run}_`))
        fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    }
    const base = process.env.TEST_DATABASE_URL;
    if (!base) return;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`tpl\\_${run}\\_%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}
