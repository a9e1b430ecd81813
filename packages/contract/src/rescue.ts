/*
 * Emergency rescue (应急救援, DOMAIN.md §4; doc 001 §7.2): cases and the live board, the call
 * centre's agents and calls, repairs, emergency codes, rescue units and grids, signing. One file
 * per part under rescue/.
 */
export * from './rescue/callcentre.ts';
export * from './rescue/cases.ts';
export * from './rescue/codes.ts';
export * from './rescue/repairs.ts';
export * from './rescue/rules.ts';
export * from './rescue/signing.ts';
export * from './rescue/units.ts';
