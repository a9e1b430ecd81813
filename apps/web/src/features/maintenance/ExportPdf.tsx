import { FilePdfOutlined } from '@ant-design/icons';
import { maintenanceOrderCalls, ORDER_PERMISSIONS } from '@ec/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { download, saveFile } from '../../lib/api.ts';
import { Permission } from '../../lib/permission.tsx';

/**
 * 导出PDF: the records of the chosen orders as one PDF file (the server answers application/pdf),
 * saved as a download. `ids` is read at click time and may refuse (nothing selected).
 */
export function ExportPdfButton({ ids, label = '导出PDF' }: { ids: () => number[] | null; label?: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const chosen = ids();
    if (!chosen) return;
    setBusy(true);
    try {
      const file = await download(maintenanceOrderCalls.batchExportPDF, { ids: chosen });
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
  return (
    <Permission value={ORDER_PERMISSIONS.export}>
      <Button icon={<FilePdfOutlined />} loading={busy} onClick={run} data-testid="export-pdf">
        {busy ? '导出中' : label}
      </Button>
    </Permission>
  );
}
