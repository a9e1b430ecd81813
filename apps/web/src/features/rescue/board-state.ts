import type { RescueBoard, RescueCaseRow } from '@ec/contract';
import { applyCaseEvent } from '../../lib/case-board.ts';

/** The board as the page keeps it: the server's answer, its clock's offset and the district it shows. */
export type Board = RescueBoard & { offset: number; areaCode: string | null };

/**
 * A case's row as it is now applied to a board filtered by district: a case of another district
 * leaves it (it may have been located there since), one of its district (or any, unfiltered) is
 * applied as the board applies it (joins, moves, leaves when closed).
 */
export function boardEvent(b: Board, row: RescueCaseRow): Board {
  if (b.areaCode !== null && row.areaCode !== b.areaCode) {
    const shown = b.cases.find((c) => c.id === row.id);
    if (!shown || shown.version > row.version) return b;
    return { ...b, cases: b.cases.filter((c) => c.id !== row.id) };
  }
  return { ...applyCaseEvent(b, row), offset: b.offset, areaCode: b.areaCode };
}
