import { type Call, type CallOutput, statsDesignedCalls as D } from '@ec/contract';
import { implement } from '../../platform/http/implement.ts';
import { type Figure, figures } from './figures.ts';
import { mapPoints } from './live.ts';
import { readSide } from './read.ts';
import { remembered } from './remembered.ts';

/**
 * A statistics call answered by its figure on the read side (replica or primary), remembered while
 * the rollups stay as they are (remembered.ts).
 */
function figure({ call, answer }: Figure) {
  return implement(call, async (f, ctx) => {
    const side = await readSide(ctx);
    const keep = ctx.platform.config.statsRemembered;
    return remembered(call.path, side, ctx.user, f, keep, (read) => answer(read, ctx.user, f)) as Promise<
      CallOutput<Call>
    >;
  });
}

/**
 * The statistics calls: thin bindings over the figures (figures.ts); the map's points (a large
 * answer, asked per zoom and view) are not remembered.
 */
export const statisticsRoutes = [
  ...figures.map(figure),
  implement(D.mapPoints, async (f, ctx) => mapPoints(await readSide(ctx), ctx.user, f as never)),
];
