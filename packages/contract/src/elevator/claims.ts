import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idList, idParam, pageOf, paging, text } from '../common.ts';
import { FILING_STATE } from '../rules.ts';
import {
  audit,
  claim,
  claimDecision,
  claimHistoryEntry,
  claimRecord,
  claimType,
  elevatorIdInput,
  idsInput,
  list,
} from './fields.ts';

/** The claim records (/pc/elevatorClaim): review, withdraw and release of claims. */

const C = '/pc/elevatorClaim';
export const claimCalls = {
  submitClaim: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/submitClaim`,
    permission: claim,
    summary: '使用单位认领电梯',
    input: z.object({ ids: idList, communityId: idField().optional() }),
    output: z.object({ submitted: z.number().int() }),
  }),
  unSubmitObject: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/unSubmitObject`,
    permission: claim,
    summary: '使用单位撤回认领或解除绑定',
    input: idsInput,
    output: z.object({ released: z.number().int() }),
  }),
  auditPass: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/auditPass`,
    permission: audit,
    summary: '认领审核通过',
    input: claimDecision,
    output: claimRecord,
  }),
  auditReject: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/auditReject`,
    permission: audit,
    summary: '认领审核驳回',
    input: claimDecision,
    output: claimRecord,
  }),
  queryHistoryList: defineCall({
    domain: 'claim',
    method: 'GET',
    path: `${C}/queryHistoryList`,
    permission: list,
    summary: '认领记录',
    input: z.object({
      ...paging,
      claimType: claimType.optional(),
      state: z.coerce.number().int().min(FILING_STATE.notFiled).max(FILING_STATE.rejected).optional(),
      registerCode: text(32).optional(),
      companyId: idField().optional(),
    }),
    output: pageOf(claimRecord),
  }),
  elevatorHistoryDetail: defineCall({
    domain: 'claim',
    method: 'GET',
    path: `${C}/elevatorHistoryDetail/{id}`,
    permission: list,
    summary: '认领记录的审核历史',
    input: idParam,
    output: z.object({ claim: claimRecord, history: z.array(claimHistoryEntry) }),
  }),
  historyElevatorClaim: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/historyElevatorClaim`,
    permission: list,
    reads: true,
    summary: '一台电梯的全部认领记录',
    input: elevatorIdInput,
    output: z.array(claimRecord),
  }),
  batchRemoveElevator: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/batchRemoveElevator`,
    permission: audit,
    summary: '删除已办结的认领记录',
    input: idsInput,
    output: z.object({ deleted: z.number().int() }),
  }),
};
