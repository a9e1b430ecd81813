/*
 * Statistics (统计分析, doc 001 §7.8; issue 18): the 33 catalogue calls (/pc/data/*) and the
 * designed ones (/pc/stats/*: the data screen, the map, the dashboards). Definitions of every figure
 * in docs/statistics.md. One file per group under stats/.
 */
export * from './stats/analysis.ts';
export * from './stats/dashboard.ts';
export * from './stats/filters.ts';
export * from './stats/rates.ts';
export * from './stats/screen.ts';
