/**
 * The calls of communities, bound to their service.
 */
import { communityCalls } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import { communityDetail, deleteCommunities, listCommunities, saveCommunity } from './service.ts';

export const communityRoutes = [
  implement(communityCalls.query, (f, { user, db }) => listCommunities(db, user, f)),
  implement(communityCalls.detail, ({ id }, { user, db }) => communityDetail(db, user, id)),
  implement(communityCalls.save, (input, { user, db }) => saveCommunity(db, user, input), { tx: true }),
  implement(
    communityCalls.delete,
    async ({ ids }, { user, db }) => ({ deleted: await deleteCommunities(db, user, ids) }),
    { tx: true },
  ),
];
