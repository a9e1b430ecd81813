import { FilePdfOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { emergencyCodeCalls as C, type CodeLiftRow } from '@ec/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { download, saveFile } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { codeKeys } from '../queries.ts';

async function printBoards(ids: number[]) {
  const file = await download(C.signboard, { ids });
  saveFile({
    blob: file.blob,
    fileName: file.fileName.toLowerCase().endsWith('.pdf') ? file.fileName : '应急标识牌.pdf',
  });
}

const columns: ProColumns<CodeLiftRow>[] = [
  {
    title: '应急码',
    dataIndex: 'rescueCode',
    width: 110,
    search: false,
    render: (_, r) => <span style={{ fontFamily: 'monospace', fontSize: 15 }}>{dash(r.rescueCode)}</span>,
  },
  { title: '注册代码/地址/应急码', dataIndex: 'keyword', hideInTable: true },
  { title: '注册代码', dataIndex: 'registerCode', width: 200, search: false },
  { title: '电梯名称', dataIndex: 'name', width: 160, search: false, render: (_, r) => dash(r.name) },
  { title: '安装地址', dataIndex: 'address', ellipsis: true, search: false },
];

/**
 * 应急标识牌: the lifts of the user's scope that hold a code; the chosen ones' signboards (code, QR
 * code of the public report page, 96333, address) print as one PDF, one A5 page each.
 */
export default function SignboardPage() {
  const [busy, setBusy] = useState(false);
  const run = async (ids: number[] | null) => {
    if (!ids) return;
    setBusy(true);
    try {
      await printBoards(ids);
    } catch {
      // The request layer showed the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <ContractTable<CodeLiftRow>
      testId="signboard-list"
      call={C.lifts}
      params={{ bound: 'true' }}
      queryKey={codeKeys.lifts}
      columns={[
        ...columns,
        actionColumn<CodeLiftRow>(80, (r) => (
          <RowAction onClick={() => run([r.id])} data-testid="print-one">
            打印
          </RowAction>
        )),
      ]}
      selectable
      selectionLabel={(n) => `已选择 ${n} 台电梯`}
      emptyText="暂无已绑定应急码的电梯"
      toolbar={(ctx) => [
        <Button
          key="print"
          type="primary"
          icon={<FilePdfOutlined />}
          loading={busy}
          onClick={() => run(ctx.requireIds())}
          data-testid="print-signboards"
        >
          打印标识牌
        </Button>,
      ]}
    />
  );
}
