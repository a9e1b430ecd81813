import { apiKeyCalls as K, partnerCalls as P } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import { createApiKey, listApiKeys, listApiKeyUses, partnerLifts, revokeApiKey } from './service.ts';

/** The administrator's key calls and the partners' own (authenticated by their key, register.ts). */
export const apiKeyRoutes = [
  implement(K.query, (f, { db }) => listApiKeys(db, f)),
  implement(K.create, (f, { user, db }) => createApiKey(db, user, f)),
  implement(K.revoke, ({ id }, { user, db }) => revokeApiKey(db, user, id)),
  implement(K.uses, (f, { db }) => listApiKeyUses(db, f)),
  // API_KEY_ONLY: register.ts refuses the request unless a key with elevator:read authenticated it.
  implement(P.lifts, ({ registerCodes }, { req, db }) =>
    partnerLifts(db, req.apiKey ?? { enterpriseId: -1 }, registerCodes),
  ),
];
