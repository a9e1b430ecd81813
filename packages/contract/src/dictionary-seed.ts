/**
 * Demo dictionary set, shaped like the spec's dictionary (§3): entries with `code` and `childs`,
 * each child with `key` and `value`. `name` is the dictionary's Chinese title for the admin pages.
 *
 * Sources: spec §4 (elevator type, plan types, audit/filing states), DOMAIN.md §1.2 (品种),
 * §1.3 (使用场所), §1.4 (使用状态), §3 (inspection), §4.2–4.3 (alarm source, causes), §5.2 (certificates).
 */

export interface DictSeed {
  code: string;
  name: string;
  childs: { key: string; value: string }[];
}

export const dictionarySeed: DictSeed[] = [
  {
    code: 'elevator_type',
    name: '电梯类型',
    childs: [
      { key: '1', value: '直梯' },
      { key: '2', value: '扶梯' },
    ],
  },
  {
    // 《特种设备目录》(2014) 种类 3000 电梯, 品种 codes.
    code: 'elevator_variety',
    name: '电梯品种',
    childs: [
      { key: '3110', value: '曳引驱动乘客电梯' },
      { key: '3120', value: '曳引驱动载货电梯' },
      { key: '3130', value: '强制驱动载货电梯' },
      { key: '3210', value: '液压乘客电梯' },
      { key: '3220', value: '液压载货电梯' },
      { key: '3310', value: '自动扶梯' },
      { key: '3320', value: '自动人行道' },
      { key: '3410', value: '防爆电梯' },
      { key: '3420', value: '消防员电梯' },
      { key: '3430', value: '杂物电梯' },
    ],
  },
  {
    code: 'use_occasion',
    name: '使用场所',
    childs: [
      { key: '1', value: '住宅' },
      { key: '2', value: '商场超市' },
      { key: '3', value: '宾馆饭店' },
      { key: '4', value: '医院' },
      { key: '5', value: '学校' },
      { key: '6', value: '幼儿园' },
      { key: '7', value: '办公楼' },
      { key: '8', value: '交通场所' },
      { key: '9', value: '客运码头' },
      { key: '10', value: '体育场馆' },
      { key: '11', value: '展览馆' },
      { key: '12', value: '公园景区' },
      { key: '13', value: '工厂仓库' },
      { key: '14', value: '政府机关' },
      { key: '99', value: '其他场所' },
    ],
  },
  {
    code: 'elevator_status',
    name: '使用状态',
    childs: [
      { key: '1', value: '在用' },
      { key: '2', value: '停用' },
      { key: '3', value: '报废' },
    ],
  },
  {
    code: 'enable_status',
    name: '启用状态',
    childs: [
      { key: '1', value: '启用' },
      { key: '0', value: '禁用' },
    ],
  },
  {
    // Spec §4 lists MONTH as well, although TSG T5002-2017 itself has no monthly interval.
    code: 'maintenance_plan_type',
    name: '维保计划类型',
    childs: [
      { key: 'HALF_MONTH', value: '半月' },
      { key: 'MONTH', value: '月度' },
      { key: 'QUARTER', value: '季度' },
      { key: 'HALF_YEAR', value: '半年' },
      { key: 'YEAR', value: '年度' },
    ],
  },
  {
    code: 'filing_state',
    name: '备案状态',
    childs: [
      { key: '1', value: '未备案' },
      { key: '2', value: '备案待审核' },
      { key: '3', value: '备案成功' },
      { key: '4', value: '备案驳回' },
    ],
  },
  {
    code: 'audit_state',
    name: '审核状态',
    childs: [
      { key: '1', value: '通过' },
      { key: '0', value: '驳回' },
    ],
  },
  {
    code: 'submit_image',
    name: '是否提交图片',
    childs: [
      { key: '1', value: '是' },
      { key: '0', value: '否' },
    ],
  },
  {
    // 2019 catalogue codes (A, T) plus legacy codes still printed on older certificates.
    code: 'cert_type',
    name: '作业人员证书类型',
    childs: [
      { key: 'T', value: '电梯修理' },
      { key: 'A', value: '特种设备安全管理' },
      { key: 'A4', value: '电梯安全管理（旧）' },
      { key: 'T1', value: '电梯机械安装维修（旧）' },
      { key: 'T2', value: '电梯电气安装维修（旧）' },
      { key: 'T3', value: '电梯司机（旧）' },
    ],
  },
  {
    // Cause categories; the first digit of a trap_cause key is its fault_cause category.
    code: 'fault_cause',
    name: '故障原因',
    childs: [
      { key: '1', value: '外部原因' },
      { key: '2', value: '人为原因（使用不当）' },
      { key: '3', value: '门系统故障' },
      { key: '4', value: '电气控制系统故障' },
      { key: '5', value: '曳引/驱动系统故障' },
      { key: '6', value: '安全保护装置故障' },
      { key: '9', value: '其他/原因不明' },
    ],
  },
  {
    code: 'trap_cause',
    name: '困人原因',
    childs: [
      { key: '11', value: '停电' },
      { key: '12', value: '电气部件进水短路' },
      { key: '13', value: '电压异常' },
      { key: '14', value: '自动恢复运行' },
      { key: '21', value: '垃圾卡阻开关门' },
      { key: '22', value: '野蛮搬运致门变形' },
      { key: '23', value: '扒门/撞门' },
      { key: '24', value: '超载' },
      { key: '25', value: '乘客误操作' },
      { key: '31', value: '厅门锁/轿门锁失效' },
      { key: '32', value: '门机故障' },
      { key: '33', value: '门刀/门球故障' },
      { key: '34', value: '光幕故障' },
      { key: '41', value: '主板故障' },
      { key: '42', value: '变频器故障' },
      { key: '43', value: '接触器故障' },
      { key: '44', value: '编码器故障' },
      { key: '45', value: '平层感应故障' },
      { key: '51', value: '曳引机/驱动主机故障' },
      { key: '52', value: '制动器故障' },
      { key: '61', value: '限速器/安全钳动作' },
      { key: '62', value: '安全回路故障' },
      { key: '99', value: '原因不明' },
    ],
  },
  {
    // 故障报修 fault types (repairs and the call centre's hitchTypeList), DOMAIN.md §4.2.
    code: 'hitch_type',
    name: '故障类型',
    childs: [
      { key: '1', value: '门系统故障' },
      { key: '2', value: '困人' },
      { key: '3', value: '异响' },
      { key: '4', value: '停梯' },
      { key: '5', value: '运行不平稳' },
      { key: '6', value: '按钮/显示故障' },
      { key: '7', value: '照明/通风故障' },
      { key: '8', value: '平层不准' },
      { key: '9', value: '冲顶/蹲底' },
      { key: '10', value: '扶梯梯级/扶手带故障' },
      { key: '99', value: '其他' },
    ],
  },
  {
    code: 'alarm_source',
    name: '接警类型',
    childs: [
      { key: '1', value: '电话' },
      { key: '2', value: '一键呼救' },
      { key: '3', value: '物联网' },
    ],
  },
  {
    code: 'inspection_type',
    name: '检验类型',
    childs: [
      { key: '1', value: '监督检验' },
      { key: '2', value: '定期检验' },
      { key: '3', value: '自行检测' },
    ],
  },
  {
    code: 'inspection_conclusion',
    name: '检验结论',
    childs: [
      { key: '1', value: '合格' },
      { key: '2', value: '不合格' },
      { key: '3', value: '复检合格' },
      { key: '4', value: '复检不合格' },
    ],
  },
  {
    code: 'company_kind',
    name: '单位类型',
    childs: [
      { key: 'maintenance', value: '维保单位' },
      { key: 'use', value: '使用单位' },
      { key: 'inspection', value: '检验机构' },
      { key: 'rescue', value: '救援单位' },
      { key: 'callcenter', value: '呼叫中心' },
      { key: 'ad', value: '广告运营商' },
      { key: 'iot', value: '物联网商户' },
      { key: 'regulator', value: '监管部门' },
    ],
  },
  {
    // GB/T 2261.1 codes.
    code: 'sex',
    name: '性别',
    childs: [
      { key: '1', value: '男' },
      { key: '2', value: '女' },
      { key: '0', value: '未知' },
    ],
  },
];
