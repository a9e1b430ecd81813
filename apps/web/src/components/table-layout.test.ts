import type { ProColumns } from '@ant-design/pro-components';
import { describe, expect, it } from 'vitest';
import { columnWidth, fitColumns, kindOf, MIN_WIDTH, SELECTION_WIDTH, textWidth } from './table-layout.ts';

type Row = Record<string, unknown>;
const col = (c: ProColumns<Row>) => c as ProColumns<never>;

describe('table width rules', () => {
  it('knows a column’s kind from its value type, field and title', () => {
    expect(kindOf(col({ title: '状态', dataIndex: 'statusLabel' }))).toBe('tag');
    expect(kindOf(col({ title: '备案状态', dataIndex: 'filingState' }))).toBe('tag');
    expect(kindOf(col({ title: '联系电话', dataIndex: 'contactPhone' }))).toBe('phone');
    expect(kindOf(col({ title: '下次检验日期', dataIndex: 'nextInspectDate' }))).toBe('date');
    expect(kindOf(col({ title: '创建时间', dataIndex: 'createTime' }))).toBe('dateTime');
    expect(kindOf(col({ title: '维保单位', dataIndex: 'maintenanceCompanyName' }))).toBe('companyName');
    expect(kindOf(col({ title: '用户名', dataIndex: 'username' }))).toBe('account');
    expect(kindOf(col({ title: '姓名', dataIndex: 'realName' }))).toBe('personName');
    expect(kindOf(col({ title: '地址', dataIndex: 'address' }))).toBe('address');
  });

  it('never makes a column narrower than its header or its kind, and keeps a wider one', () => {
    // The work-order 状态 had 90 px: its tag showed "待维".
    expect(columnWidth(col({ title: '状态', dataIndex: 'statusLabel', width: 90 }))).toBe(MIN_WIDTH.tag);
    expect(columnWidth(col({ title: '统一社会信用代码', dataIndex: 'creditCode' }))).toBe(MIN_WIDTH.code);
    expect(columnWidth(col({ title: '注册代码', dataIndex: 'registerCode', width: 200 }))).toBe(200);
    const header = textWidth('许可证有效期') + 32;
    expect(columnWidth(col({ title: '许可证有效期', dataIndex: 'licenceExpired' }))).toBeGreaterThanOrEqual(
      header,
    );
    // Tags of a value enum fit their longest label.
    const labels = { 1: { text: '待提交' }, 2: { text: '待审核' }, 3: { text: '审核通过并归档' } };
    expect(columnWidth(col({ title: '备案状态', dataIndex: 'state', valueEnum: labels }))).toBe(
      textWidth('审核通过并归档') + 24 + 32,
    );
  });

  it('scrolls by the sum of the shown widths and ends long text in an ellipsis', () => {
    const columns: ProColumns<Row>[] = [
      { title: '单位名称', dataIndex: 'companyName' },
      { title: '备案状态', dataIndex: 'filingState' },
      { title: '设备代码', dataIndex: 'deviceCode', key: 'deviceCode' },
      { title: '区域', dataIndex: 'area', hideInTable: true },
      { title: '操作', valueType: 'option', width: 120, fixed: 'right' },
    ];
    const { columns: fitted, scrollX } = fitColumns(columns, { selectable: true, hidden: ['deviceCode'] });
    expect(fitted[0]).toMatchObject({ width: MIN_WIDTH.companyName, ellipsis: { showTitle: true } });
    expect(fitted[1].ellipsis).toBeUndefined();
    expect(fitted[3]).toBe(columns[3]);
    expect(scrollX).toBe(SELECTION_WIDTH + MIN_WIDTH.companyName + MIN_WIDTH.tag + 120);
  });
});
