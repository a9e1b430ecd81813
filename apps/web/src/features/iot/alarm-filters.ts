import { CITY_CODE, IOT_ALARM_TYPES, IOT_SEVERITY_LABEL } from '@ec/contract';

/**
 * The 报警 tab's filters and their URL query (`#/wisdom/iotelevator?tab=alarms&areaCode=450103…`), so
 * that a filtered list can be linked to (the elevator detail's 物联网 tab opens a lift's history) and
 * survives a reload. Pure: parsed from and written to URLSearchParams, mapped to the list call's input.
 */

/** open 未消除, cleared 已消除, all 全部 (the list opens on the open ones). */
export type AlarmState = 'open' | 'cleared' | 'all';

export interface AlarmFilters {
  state: AlarmState;
  areaCode?: string;
  maintenanceCompanyId?: number;
  useCompanyId?: number;
  type?: number;
  severity?: number;
  dateFrom?: string;
  dateTo?: string;
  elevatorId?: number;
  /** The lift's register code, shown for `elevatorId` (not sent). */
  registerCode?: string;
}

export const DEFAULT_ALARM_FILTERS: AlarmFilters = { state: 'open' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AREA = /^\d{6,12}$/;
const REGISTER_CODE = /^[0-9A-Za-z-]{1,30}$/;

const positive = (raw: string | null): number | undefined =>
  raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;

/** The filters a URL query names; anything malformed is left out (the list then shows it unfiltered). */
export function parseAlarmFilters(params: URLSearchParams): AlarmFilters {
  const state = params.get('state');
  const type = positive(params.get('type'));
  const severity = positive(params.get('severity'));
  const from = params.get('dateFrom');
  const to = params.get('dateTo');
  const area = params.get('areaCode');
  const code = params.get('registerCode');
  const elevatorId = positive(params.get('elevatorId'));
  const f: AlarmFilters = {
    state: state === 'cleared' || state === 'all' ? state : 'open',
    areaCode: area && AREA.test(area) ? area : undefined,
    maintenanceCompanyId: positive(params.get('maintenanceCompanyId')),
    useCompanyId: positive(params.get('useCompanyId')),
    type: type !== undefined && type in IOT_ALARM_TYPES ? type : undefined,
    severity: severity !== undefined && severity in IOT_SEVERITY_LABEL ? severity : undefined,
    dateFrom: from && DATE.test(from) ? from : undefined,
    dateTo: to && DATE.test(to) ? to : undefined,
    elevatorId,
    registerCode: elevatorId !== undefined && code && REGISTER_CODE.test(code) ? code : undefined,
  };
  return prune(f);
}

/** Writes the filters over `params` (other keys, e.g. `tab`, kept); defaults are left out. */
export function writeAlarmFilters(params: URLSearchParams, f: AlarmFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of KEYS) next.delete(k);
  for (const k of KEYS) {
    const v = f[k];
    if (v === undefined || v === '' || (k === 'state' && v === 'open')) continue;
    if (k === 'registerCode' && f.elevatorId === undefined) continue;
    next.set(k, String(v));
  }
  return next;
}

const KEYS = [
  'state',
  'areaCode',
  'maintenanceCompanyId',
  'useCompanyId',
  'type',
  'severity',
  'dateFrom',
  'dateTo',
  'elevatorId',
  'registerCode',
] as const satisfies readonly (keyof AlarmFilters)[];

function prune(f: AlarmFilters): AlarmFilters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as unknown as AlarmFilters;
}

/** The list call's input (without paging) for the filters. */
export function alarmQuery(f: AlarmFilters) {
  const { state, registerCode: _shown, ...rest } = f;
  return prune({ ...rest, state: state === 'all' ? undefined : state } as AlarmFilters) as Omit<
    AlarmFilters,
    'state' | 'registerCode'
  > & { state?: 'open' | 'cleared' };
}

/** The area cascader's path for a district code (the city alone for the city's code). */
export const areaPathOf = (code: string | undefined) =>
  !code ? undefined : code === CITY_CODE ? [CITY_CODE] : [CITY_CODE, code];
