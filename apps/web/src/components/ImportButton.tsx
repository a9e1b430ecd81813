import { ImportOutlined } from '@ant-design/icons';
import type { Call, CallInput } from '@ec/contract';
import { App, Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { ApiError, upload } from '../lib/api.ts';
import { checkImport } from './upload-checks.ts';

export interface ImportProblem {
  row?: number;
  field?: string;
  message: string;
}

/** Row problems from an import's result or from a refused import's error body. */
export function importProblems(result: unknown): ImportProblem[] {
  if (result instanceof ApiError) return result.errors.map((e) => ({ field: e.field, message: e.message }));
  const errors = (result as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as ImportProblem[]) : [];
}

/**
 * Import from XLS/XLSX (10 MB at most). Shows the per-row error report when the server returns one;
 * an import is all or nothing unless it reports rows.
 */
export function ImportButton<C extends Call>({
  call: importCall,
  input,
  onDone,
  children = '导入',
}: {
  call: C;
  input?: CallInput<C>;
  onDone?: (result: unknown) => void;
  children?: React.ReactNode;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<ImportProblem[]>([]);

  const pick = () => {
    const el = document.createElement('input');
    el.type = 'file';
    el.accept = '.xls,.xlsx';
    el.onchange = async () => {
      const file = el.files?.[0];
      if (!file) return;
      const problem = checkImport(file);
      if (problem) {
        message.error(problem);
        return;
      }
      setBusy(true);
      try {
        const result = await upload(importCall, file, input);
        const rows = importProblems(result);
        if (rows.length) setProblems(rows);
        else message.success('导入成功');
        onDone?.(result);
      } catch (e) {
        const rows = importProblems(e);
        if (rows.length) setProblems(rows);
      } finally {
        setBusy(false);
      }
    };
    el.click();
  };

  return (
    <>
      <Button icon={<ImportOutlined />} loading={busy} onClick={pick}>
        {children}
      </Button>
      <Modal
        title="导入结果：以下数据有误"
        open={problems.length > 0}
        onCancel={() => setProblems([])}
        footer={null}
        width={720}
      >
        <Table
          size="small"
          rowKey={(_, i) => String(i)}
          dataSource={problems}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: '行号', dataIndex: 'row', width: 80 },
            { title: '字段', dataIndex: 'field', width: 140 },
            { title: '错误说明', dataIndex: 'message' },
          ]}
        />
      </Modal>
    </>
  );
}
