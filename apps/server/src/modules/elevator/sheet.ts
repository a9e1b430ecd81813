import { dictionarySeed } from '@ec/contract';
import type { ExcelColumn } from '../../platform/excel.ts';
import type { ExportRow } from './rows.ts';

const labels = (code: string) =>
  new Map(dictionarySeed.find((d) => d.code === code)?.childs.map((c) => [c.key, c.value]) ?? []);
export const TYPE_LABELS = labels('elevator_type');
export const VARIETY_LABELS = labels('elevator_variety');
export const OCCASION_LABELS = labels('use_occasion');
export const USE_STATUS_LABELS = labels('elevator_status');
const CLAIM_LABELS: Record<number, string> = { 0: '未认领', 2: '待审核', 3: '已认领' };

/** Export columns: Chinese headers, dictionary values as labels. */
export const exportColumns: ExcelColumn<ExportRow>[] = [
  { header: '注册代码', width: 24, value: (r) => r.registerCode },
  { header: '设备代码', width: 22, value: (r) => r.deviceCode },
  { header: '使用登记证编号', width: 20, value: (r) => r.useCertNo },
  { header: '应急救援识别码', value: (r) => r.rescueCode },
  { header: '电梯名称', value: (r) => r.name },
  {
    header: '电梯类型',
    width: 10,
    value: (r) => TYPE_LABELS.get(String(r.type)) ?? r.type,
  },
  {
    header: '设备品种',
    value: (r) => (r.variety ? (VARIETY_LABELS.get(r.variety) ?? r.variety) : ''),
  },
  {
    header: '使用场所',
    value: (r) => (r.useOccasion ? (OCCASION_LABELS.get(r.useOccasion) ?? r.useOccasion) : ''),
  },
  { header: '所在区域', value: (r) => r.areaName ?? r.areaCode },
  { header: '详细地址', width: 36, value: (r) => r.address },
  { header: '小区名称', value: (r) => r.community },
  { header: '使用单位', width: 28, value: (r) => r.useCompanyName },
  { header: '维保单位', width: 28, value: (r) => r.maintenanceCompanyName },
  { header: '维保认领状态', value: (r) => CLAIM_LABELS[r.maintenanceClaimState] },
  {
    header: '使用状态',
    width: 10,
    value: (r) => USE_STATUS_LABELS.get(String(r.useStatus)) ?? r.useStatus,
  },
  { header: '启用状态', width: 10, value: (r) => (r.status === 1 ? '启用' : '停用') },
  { header: '下次检验日期', width: 14, value: (r) => r.nextInspectDate },
];

/** The full record: the list columns plus the technical parameters and dates. */
export const fullExportColumns: ExcelColumn<ExportRow>[] = [
  ...exportColumns,
  { header: '制造单位', width: 24, value: (r) => r.manufacturer },
  { header: '安装单位', width: 24, value: (r) => r.installer },
  { header: '品牌', value: (r) => r.brand },
  { header: '型号', value: (r) => r.model },
  { header: '额定载重量(kg)', value: (r) => r.ratedLoad },
  { header: '额定速度(m/s)', value: (r) => r.ratedSpeed },
  { header: '层数', value: (r) => r.floors },
  { header: '出厂日期', value: (r) => r.manufactureDate },
  { header: '安装日期', value: (r) => r.installDate },
  { header: '使用登记日期', value: (r) => r.registerDate },
  { header: '上次检验日期', value: (r) => r.lastInspectDate },
  { header: '经度', value: (r) => r.longitude },
  { header: '纬度', value: (r) => r.latitude },
];

/** Import template columns, in order; * marks the required ones. */
export const IMPORT_HEADERS = [
  '注册代码*',
  '设备代码',
  '使用登记证编号',
  '应急救援识别码',
  '电梯名称',
  '电梯类型*',
  '设备品种',
  '使用场所',
  '所在区域*',
  '详细地址*',
  '小区名称',
  '经度',
  '纬度',
  '使用单位',
  '制造单位',
  '品牌',
  '型号',
  '额定载重量(kg)',
  '额定速度(m/s)',
  '层数',
  '出厂日期',
  '安装日期',
  '使用登记日期',
  '上次检验日期',
  '下次检验日期',
] as const;
