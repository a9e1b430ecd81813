/**
 * The budget's baseline (tools/web-budget.ts): the least a browser must do to show the same rows,
 * a bare React page with antd's sign-in inputs and an antd Table. It signs in with the same call
 * and shows the first page of the elevator list with the same columns, nothing else: no router,
 * no layout, no menu, no session, no search form. The budget measures it beside the console in
 * the same run, so that the ratio says what the console's own work costs.
 */
import { hashPassword } from '@ec/contract/password';
import { Button, ConfigProvider, Form, Input, Table } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

type Row = Record<string, string | number | null> & { id: number };

const API = '/monitor/api';
const COLUMNS: [string, string, number?][] = [
  ['注册代码', 'registerCode', 180],
  ['设备代码', 'deviceCode', 180],
  ['使用登记证编号', 'useCertNo', 170],
  ['救援识别码', 'rescueCode', 100],
  ['电梯名称', 'name', 140],
  ['电梯类型', 'typeLabel', 90],
  ['区域', 'areaName', 100],
  ['地址', 'address', 240],
  ['使用单位', 'useCompanyName', 200],
  ['维保单位', 'maintenanceCompanyName', 200],
  ['认领状态', 'maintenanceClaimState', 100],
  ['使用场所', 'useOccasion', 120],
  ['使用状态', 'useStatus', 90],
  ['状态', 'status', 90],
  ['下次检验日期', 'nextInspectDate', 120],
  ['创建时间', 'createTime', 170],
];

async function api<T>(path: string, init: RequestInit): Promise<T> {
  const res = await fetch(API + path, init);
  const body = (await res.json()) as { code: number; resultMsg: string; data: T };
  if (!res.ok || body.code !== 200) throw new Error(body.resultMsg);
  return body.data;
}

function Baseline() {
  const [rows, setRows] = useState<{ records: Row[]; total: number } | null>(null);
  const onFinish = async (v: { username: string; password: string }) => {
    const { access_token } = await api<{ access_token: string }>('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-type': '1' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: v.username,
        password: hashPassword(v.password),
      }),
    });
    setRows(
      await api('/pc/elevator/queryList', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-type': '1',
          authorization: `Bearer ${access_token}`,
        },
        body: JSON.stringify({ page: 1, limit: 10 }),
      }),
    );
  };
  if (!rows) {
    return (
      <Form size="large" onFinish={onFinish} style={{ width: 360, margin: '120px auto' }}>
        <Form.Item name="username">
          <Input placeholder="用户名或手机号" />
        </Form.Item>
        <Form.Item name="password">
          <Input.Password placeholder="密码" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          登 录
        </Button>
      </Form>
    );
  }
  return (
    <Table<Row>
      rowKey="id"
      style={{ padding: 16 }}
      dataSource={rows.records}
      rowSelection={{}}
      scroll={{ x: 'max-content' }}
      pagination={{ total: rows.total, pageSize: 10, showSizeChanger: true }}
      columns={[
        ...COLUMNS.map(([title, dataIndex, width]) => ({ title, dataIndex, width, ellipsis: true })),
        {
          title: '操作',
          key: 'op',
          fixed: 'right' as const,
          width: 160,
          render: (_: unknown, row: Row) => <a href={`#${row.id}`}>详情</a>,
        },
      ]}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN}>
      <Baseline />
    </ConfigProvider>
  </StrictMode>,
);
