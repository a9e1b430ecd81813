/**
 * The operations centre (issue 20): the export centre and the message centre; the console's
 * housekeeping pages and partner API keys join here. One file per page under ops/.
 */

export * from './ops/api-keys.ts';
export * from './ops/exports.ts';
export * from './ops/jobs.ts';
export * from './ops/monitor.ts';
export * from './ops/notices.ts';
