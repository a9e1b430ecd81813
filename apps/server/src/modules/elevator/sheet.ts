import { dictionarySeed } from '@ec/contract';
import type { ExcelColumn } from '../../platform/excel.ts';
import type { JoinedElevator } from './rows.ts';

const labels = (code: string) =>
  new Map(dictionarySeed.find((d) => d.code === code)?.childs.map((c) => [c.key, c.value]) ?? []);
export const TYPE_LABELS = labels('elevator_type');
export const VARIETY_LABELS = labels('elevator_variety');
export const OCCASION_LABELS = labels('use_occasion');
export const USE_STATUS_LABELS = labels('elevator_status');
const CLAIM_LABELS: Record<number, string> = { 0: '未认领', 2: '待审核', 3: '已认领' };

/** Export columns: Chinese headers, dictionary values as labels. */
export const exportColumns: ExcelColumn<JoinedElevator>[] = [
  { header: '注册代码', width: 24, value: (r) => r.elevator.registerCode },
  { header: '设备代码', width: 22, value: (r) => r.elevator.deviceCode },
  { header: '使用登记证编号', width: 20, value: (r) => r.elevator.useCertNo },
  { header: '应急救援识别码', value: (r) => r.elevator.rescueCode },
  { header: '电梯名称', value: (r) => r.elevator.name },
  {
    header: '电梯类型',
    width: 10,
    value: (r) => TYPE_LABELS.get(String(r.elevator.type)) ?? r.elevator.type,
  },
  {
    header: '设备品种',
    value: (r) => (r.elevator.variety ? (VARIETY_LABELS.get(r.elevator.variety) ?? r.elevator.variety) : ''),
  },
  {
    header: '使用场所',
    value: (r) =>
      r.elevator.useOccasion ? (OCCASION_LABELS.get(r.elevator.useOccasion) ?? r.elevator.useOccasion) : '',
  },
  { header: '所在区域', value: (r) => r.areaName ?? r.elevator.areaCode },
  { header: '详细地址', width: 36, value: (r) => r.elevator.address },
  { header: '小区名称', value: (r) => r.elevator.community },
  { header: '使用单位', width: 28, value: (r) => r.useCompanyName },
  { header: '维保单位', width: 28, value: (r) => r.maintenanceCompanyName },
  { header: '维保认领状态', value: (r) => CLAIM_LABELS[r.elevator.maintenanceClaimState] },
  {
    header: '使用状态',
    width: 10,
    value: (r) => USE_STATUS_LABELS.get(String(r.elevator.useStatus)) ?? r.elevator.useStatus,
  },
  { header: '启用状态', width: 10, value: (r) => (r.elevator.status === 1 ? '启用' : '停用') },
  { header: '下次检验日期', width: 14, value: (r) => r.elevator.nextInspectDate },
];

/** The full record: the list columns plus the technical parameters and dates. */
export const fullExportColumns: ExcelColumn<JoinedElevator>[] = [
  ...exportColumns,
  { header: '制造单位', width: 24, value: (r) => r.elevator.manufacturer },
  { header: '安装单位', width: 24, value: (r) => r.elevator.installer },
  { header: '品牌', value: (r) => r.elevator.brand },
  { header: '型号', value: (r) => r.elevator.model },
  { header: '额定载重量(kg)', value: (r) => r.elevator.ratedLoad },
  { header: '额定速度(m/s)', value: (r) => r.elevator.ratedSpeed },
  { header: '层数', value: (r) => r.elevator.floors },
  { header: '出厂日期', value: (r) => r.elevator.manufactureDate },
  { header: '安装日期', value: (r) => r.elevator.installDate },
  { header: '使用登记日期', value: (r) => r.elevator.registerDate },
  { header: '上次检验日期', value: (r) => r.elevator.lastInspectDate },
  { header: '经度', value: (r) => r.elevator.longitude },
  { header: '纬度', value: (r) => r.elevator.latitude },
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
