import { ImportOutlined } from '@ant-design/icons';
import type { Call, CallInput } from '@ec/contract';
import { App, Button, Modal, Table } from 'antd';
import { useRef, useState } from 'react';
import { ApiError, upload } from '../lib/api.ts';
import { checkImport } from './upload-checks.ts';

export interface ImportProblem {
  row?: number;
  field?: string;
  message: string;
}

/**
 * Row problems from an import's result or from a refused import's error body. A report row may name
 * its column as `column` (the sheet's header) instead of `field`.
 */
export function importProblems(result: unknown): ImportProblem[] {
  if (result instanceof ApiError) return result.errors.map((e) => ({ field: e.field, message: e.message }));
  const errors = (result as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return (errors as (ImportProblem & { column?: string })[]).map(({ column, ...e }) =>
    e.field === undefined && column !== undefined ? { ...e, field: column } : e,
  );
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
  successMessage,
  renderReport,
}: {
  call: C;
  input?: CallInput<C>;
  onDone?: (result: unknown) => void;
  children?: React.ReactNode;
  /** The message after a clean import (default 导入成功). */
  successMessage?: (result: unknown) => string;
  /** Shown above the problem table, e.g. a summary and a link to the downloadable report. */
  renderReport?: (result: unknown) => React.ReactNode;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [report, setReport] = useState<unknown>(null);

  const picker = useRef<HTMLInputElement>(null);

  const onPicked = async (el: HTMLInputElement) => {
    const file = el.files?.[0];
    el.value = ''; // the same file may be picked again after a fix
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
      setReport(result);
      if (rows.length) setProblems(rows);
      else message.success(successMessage?.(result) ?? '导入成功');
      onDone?.(result);
    } catch (e) {
      const rows = importProblems(e);
      setReport(e);
      if (rows.length) setProblems(rows);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* In the document (not a detached element), so every browser and test driver sees the chooser. */}
      <input
        ref={picker}
        type="file"
        accept=".xls,.xlsx"
        hidden
        onChange={(e) => void onPicked(e.currentTarget)}
      />
      <Button icon={<ImportOutlined />} loading={busy} onClick={() => picker.current?.click()}>
        {children}
      </Button>
      <Modal
        title="导入结果：以下数据有误"
        open={problems.length > 0}
        onCancel={() => setProblems([])}
        footer={null}
        width={720}
      >
        {renderReport?.(report)}
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
