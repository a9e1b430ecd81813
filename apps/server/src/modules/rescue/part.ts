/** One part of the rescue module (cases, call centre, repairs, codes, units and grids, signing). */
export { joinParts, type ModulePart as RescuePart } from '../../platform/module.ts';
