import { AGENT_TOPIC, RESCUE_PERMISSIONS as P, serviceUserCalls } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import type { RescuePart } from '../part.ts';
import { seedCallCentre } from './seed.ts';
import {
  type AgentAudience,
  agentDetail,
  candidates,
  deleteAgents,
  listAgents,
  listCalls,
  onOffLine,
  popup,
  recordCall,
  saveAgent,
  seesAgent,
} from './service.ts';

const S = serviceUserCalls;
const tx = { tx: true };

const list = { name: '查询坐席与通话', perms: P.agentList };
const edit = { name: '编辑坐席', perms: P.agentEdit };

/** The call centre's agents: seats, duty, calls and the telephony pop-up. */
export const callCentrePart: RescuePart = {
  routes: [
    implement(S.query, (f, { user, db }) => listAgents(db, user, f)),
    implement(S.info, ({ userId }, { user, db }) => agentDetail(db, user, userId)),
    implement(S.update, (input, { user, db }) => saveAgent(db, user, input), tx),
    implement(S.delete, ({ ids }, { user, db }) => deleteAgents(db, user, ids), tx),
    implement(S.onOffLine, (input, { user, db }) => onOffLine(db, user, input), tx),
    implement(S.callPhoneRecord, (input, { user, db }) => recordCall(db, user, input), tx),
    implement(S.callRecords, (f, { user, db }) => listCalls(db, user, f)),
    implement(S.popup, ({ token }, { user, db }) => popup(db, user, token)),
    implement(S.candidates, (_i, { user, db }) => candidates(db, user)),
  ],
  demoSeeders: [(tx) => seedCallCentre(tx)],
  liveTopics: [
    {
      name: AGENT_TOPIC,
      permissions: [P.agentList],
      sees: (user, audience) => seesAgent(user, audience as AgentAudience),
    },
  ],
  menuButtons: {
    '/service': [list, edit],
    '/serviceDetail': [list],
    '/serviceEdit': [list, edit],
  },
};
