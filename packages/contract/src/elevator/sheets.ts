import { z } from 'zod';
import { defineCall } from '../call.ts';
import { E, elevatorFilters, idsInput, importReport, P } from './fields.ts';

/** Importing and exporting the registry as spreadsheets. */

export const elevatorSheetCalls = {
  importList: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/importList`,
    permission: 'elevator:import',
    summary: '导入电梯',
    encoding: 'multipart',
    input: z.object({}),
    output: importReport,
  }),
  importTemplate: defineCall({
    domain: E,
    method: 'GET',
    path: `${P}/importTemplate`,
    permission: 'elevator:import',
    summary: '电梯导入模板',
    result: 'file',
    input: z.object({}),
    output: z.unknown(),
  }),
  export: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/export`,
    permission: 'elevator:export',
    summary: '按条件导出电梯',
    result: 'file',
    input: elevatorFilters,
    output: z.unknown(),
  }),
  exportByIds: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/exportByIds`,
    permission: 'elevator:export',
    summary: '导出选中的电梯',
    result: 'file',
    input: idsInput,
    output: z.unknown(),
  }),
  exportExcel: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/exportExcel`,
    permission: 'elevator:export',
    summary: '导出电梯台账（含技术参数）',
    result: 'file',
    input: elevatorFilters,
    output: z.unknown(),
  }),
  exportElevatorDataByIds: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/exportElevatorDataByIds`,
    permission: 'elevator:export',
    summary: '导出选中电梯的完整资料',
    result: 'file',
    input: idsInput,
    output: z.unknown(),
  }),
};
