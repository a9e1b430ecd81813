import { FilePdfOutlined } from '@ant-design/icons';
import { maintenanceOrderCalls, ORDER_PERMISSIONS, PDF_EXPORT_MAX } from '@ec/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import type { TableContext } from '../../components/ContractTable.tsx';
import { selectedIds } from '../../components/table-input.ts';
import { call, download, saveFile } from '../../lib/api.ts';
import { Permission } from '../../lib/permission.tsx';

type Filters = Record<string, unknown>;

/** What the button exports: a list's chosen orders or its filters (`ctx`), or given orders (`ids`). */
type Source = { ctx: Pick<TableContext<unknown>, 'selectedKeys' | 'filters'> } | { ids: () => number[] };

/**
 * 导出PDF: the records of the chosen orders as one PDF file (the server answers application/pdf),
 * saved as a download. On a list (its table context `ctx`): the chosen rows, or with nothing chosen
 * the orders the list shows with its filters, after a confirmation that states how many; more than
 * PDF_EXPORT_MAX are refused before anything is drawn. Both are read at click time.
 */
export function ExportPdfButton({ label = '导出PDF', ...source }: Source & { label?: string }) {
  const ids = () => ('ctx' in source ? selectedIds(source.ctx.selectedKeys) : source.ids());
  const filters = 'ctx' in source ? () => source.ctx.filters : undefined;
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);

  const save = async (input: { ids: number[] } | Filters) => {
    setBusy(true);
    try {
      const file = await download(maintenanceOrderCalls.batchExportPDF, input as never);
      saveFile({
        blob: file.blob,
        fileName: file.fileName.toLowerCase().endsWith('.pdf') ? file.fileName : '维保记录.pdf',
      });
    } catch {
      // The request layer showed the reason.
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    const chosen = ids();
    if (chosen?.length) return save({ ids: chosen });
    if (!filters) {
      message.warning('请先选择要导出的工单');
      return;
    }
    const query = filters();
    setBusy(true);
    let total: number;
    try {
      total = (await call(maintenanceOrderCalls.queryList, { ...query, page: 1, limit: 1 } as never)).total;
    } catch {
      return;
    } finally {
      setBusy(false);
    }
    if (total === 0) {
      message.warning('当前筛选条件下没有维保工单可导出');
      return;
    }
    if (total > PDF_EXPORT_MAX) {
      message.error(
        `当前筛选条件下有 ${total} 张工单，一次最多导出 ${PDF_EXPORT_MAX} 张：请缩小筛选范围（如计划月份、维保单位、状态），或勾选要导出的工单`,
      );
      return;
    }
    modal.confirm({
      title: '导出筛选结果',
      content: `未勾选工单：将导出当前筛选条件下的全部 ${total} 张工单的维保记录（一个 PDF 文件），是否继续？`,
      okText: `导出 ${total} 张`,
      cancelText: '取消',
      onOk: () => {
        void save(query);
      },
    });
  };

  return (
    <Permission value={ORDER_PERMISSIONS.export}>
      <Button icon={<FilePdfOutlined />} loading={busy} onClick={run} data-testid="export-pdf">
        {busy ? '导出中' : label}
      </Button>
    </Permission>
  );
}
