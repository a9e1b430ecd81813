import { defineModule } from '../../platform/module.ts';
import { callCentrePart } from './callcentre/index.ts';
import { casePart } from './cases/index.ts';
import { codePart } from './codes/index.ts';
import { joinParts } from './part.ts';
import { repairPart } from './repairs/index.ts';
import { signingPart } from './signing/index.ts';
import { unitPart } from './units/index.ts';

/**
 * Emergency rescue (应急救援): the 96333 call centre's cases from the alarm to the close with their
 * live board, the rescuer's side, repairs, emergency codes and signboards, rescue units and grids,
 * and use-unit / lease signing. Each part lives in its folder and declares what it adds (part.ts).
 */
export const rescueModule = defineModule(
  joinParts('rescue', [unitPart, casePart, codePart, repairPart, callCentrePart, signingPart]),
);
