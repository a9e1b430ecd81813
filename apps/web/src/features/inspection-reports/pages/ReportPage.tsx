import type { ProColumns } from '@ant-design/pro-components';
import {
  type BatchRecreateResult,
  INSPECTION_CONCLUSIONS,
  INSPECTION_REPORT_STATE_LABEL,
  type InspectionReportRow,
  inspectionReportCalls,
} from '@ec/contract';
import { App, Button, Drawer, Popconfirm, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable, type TableContext } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useCanOpen } from '../../../lib/page-param.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import {
  BatchEditDialog,
  CloseDialog,
  PdfDialog,
  PlanDialog,
  PushDialog,
  RecreateResultDialog,
  RemarkDialog,
  UploadReportDialog,
} from '../dialogs.tsx';
import { batchable, type ReportAction, reportActionsFor, splitSelection } from '../logic.ts';
import { reportKeys, useReport, useReportRights, useReportSide, useReportWrite } from '../queries.ts';
import { ConclusionTag, ReportDetailView, ReportStateTag } from '../ReportDetail.tsx';

type Row = InspectionReportRow;
type Open =
  | { kind: 'detail' | 'pdf' | 'remark' | 'plan' | 'upload' | 'push'; row: Row }
  | { kind: 'close' | 'batchEdit'; rows: Row[] }
  | { kind: 'recreated'; result: BatchRecreateResult };

const LABEL: Record<ReportAction, string> = {
  plan: '检验计划',
  signature: '签章',
  remark: '备注',
  push: '发布',
  reinspect: '复检',
  close: '关闭',
  upload: '上传报告',
  pdf: 'PDF',
  records: '原始记录',
};

function PlanLoader({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useReport(id);
  return q.data ? <PlanDialog report={q.data} onClose={onClose} /> : null;
}

/**
 * 检验报告: the organisation's reports (plan, push, re-inspection, close, batch edit, upload,
 * regenerate), the inspector's (signature, remark), and the pushed reports of a use unit's lifts or a
 * regulator's districts (read only); each with its detail, its PDF and its original records.
 */
export default function ReportPage() {
  const side = useReportSide();
  const rights = useReportRights();
  const write = useReportWrite();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const org = side === 'organization' && rights.push;
  // 原始记录 opens 报告原始记录, where the user's menu grants it.
  const records = useCanOpen(ORG_PATHS.reportfilehis);
  const actionsOf = (r: Row) => reportActionsFor(r, side, rights).filter((a) => a !== 'records' || records);
  const run = (f: () => Promise<unknown>, done: string) => write(f, done).catch(() => undefined);

  const act = (r: Row, a: ReportAction): ReactNode => {
    const key = `${a}-${r.id}`;
    const testId = `report-${a}`;
    switch (a) {
      case 'signature':
        return (
          <Popconfirm
            key={key}
            title={`签章 ${r.reportNo}？`}
            description="签字后检验结论生成，报告不能再修改结果"
            onConfirm={() =>
              run(() => call(inspectionReportCalls.signature, { id: r.id, version: r.version }), '已签字')
            }
          >
            <RowAction data-testid={testId}>{LABEL[a]}</RowAction>
          </Popconfirm>
        );
      case 'reinspect':
        return (
          <Popconfirm
            key={key}
            title={`为 ${r.reportNo} 创建复检报告？`}
            description="复检报告沿用原检验项目，由原检验人员录入复检结果"
            onConfirm={() =>
              run(() => call(inspectionReportCalls.createReinspect, { id: r.id }), '已创建复检报告')
            }
          >
            <RowAction data-testid={testId}>{LABEL[a]}</RowAction>
          </Popconfirm>
        );
      case 'close':
        return (
          <RowAction
            key={key}
            danger
            data-testid={testId}
            onClick={() => setOpen({ kind: 'close', rows: [r] })}
          >
            {LABEL[a]}
          </RowAction>
        );
      case 'records':
        return (
          <RowAction
            key={key}
            data-testid={testId}
            onClick={() => navigate(`${ORG_PATHS.reportfilehis}?reportId=${r.id}`)}
          >
            {LABEL[a]}
          </RowAction>
        );
      default:
        return (
          <RowAction key={key} data-testid={testId} onClick={() => setOpen({ kind: a, row: r })}>
            {LABEL[a]}
          </RowAction>
        );
    }
  };

  const recreate = async (rows: Row[]) => {
    const { taken, skipped } = splitSelection(rows, batchable.recreate);
    if (taken.length === 0) {
      message.warning('所选报告都尚未签字，没有可生成的报告 PDF');
      return;
    }
    modal.confirm({
      title: `重新生成 ${taken.length} 份报告的 PDF？`,
      content:
        skipped.length > 0
          ? `尚未签字的报告不生成：${skipped.join('、')}`
          : '按当前的印章、备注和检验设备重新生成并核对检验结论',
      onOk: async () => {
        const result = await write(() =>
          call(inspectionReportCalls.batchRecreate, { ids: taken.map((r) => r.id) }),
        ).catch(() => null);
        if (result) setOpen({ kind: 'recreated', result });
      },
    });
  };

  const batchButtons = (ctx: TableContext<Row>) =>
    org && (
      <Space wrap>
        <Button
          data-testid="report-batch-edit"
          onClick={() => {
            const rows = ctx.requireSelection();
            if (!rows) return;
            const { taken, skipped } = splitSelection(rows, batchable.edit);
            if (taken.length === 0) return message.warning('只有检验中的报告可以批量编辑');
            if (skipped.length) message.info(`已签字或已结束的报告不修改：${skipped.join('、')}`);
            setOpen({ kind: 'batchEdit', rows: taken });
          }}
        >
          批量编辑
        </Button>
        <Button
          data-testid="report-batch-recreate"
          onClick={() => {
            const rows = ctx.requireSelection();
            if (rows) void recreate(rows);
          }}
        >
          重新生成
        </Button>
        <Button
          danger
          data-testid="report-batch-close"
          onClick={() => {
            const rows = ctx.requireSelection();
            if (!rows) return;
            const { taken, skipped } = splitSelection(rows, batchable.close);
            if (taken.length === 0) return message.warning('只有检验中或已签字的报告可以关闭');
            if (skipped.length) message.info(`已推送或已关闭的报告不关闭：${skipped.join('、')}`);
            setOpen({ kind: 'close', rows: taken });
          }}
        >
          关闭
        </Button>
      </Space>
    );

  const columns: ProColumns<Row>[] = [
    { title: '报告编号', dataIndex: 'reportNo', width: 170 },
    { title: '注册代码', dataIndex: 'registerCode', width: 190 },
    { title: '电梯地址', dataIndex: 'address', search: false, width: 200, ellipsis: true },
    {
      title: '使用单位',
      dataIndex: 'useUnitName',
      width: 170,
      hideInTable: side === 'useUnit',
      search: side === 'useUnit' ? false : undefined,
      render: (_, r) => dash(r.useUnitName),
    },
    {
      title: '检验机构',
      dataIndex: 'orgName',
      width: 170,
      hideInTable: side === 'organization' || side === 'inspector',
      search: side === 'organization' || side === 'inspector' ? false : undefined,
      render: (_, r) => dash(r.orgName),
    },
    { title: '检验类别', dataIndex: 'kindLabel', search: false, width: 130 },
    {
      title: '检验结论',
      dataIndex: 'conclusion',
      valueType: 'select',
      valueEnum: Object.fromEntries(INSPECTION_CONCLUSIONS.map((c) => [c, c])),
      width: 100,
      render: (_, r) => <ConclusionTag conclusion={r.conclusion} />,
    },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: INSPECTION_REPORT_STATE_LABEL,
      width: 90,
      hideInSearch: side === 'useUnit' || side === 'regulator',
      render: (_, r) => <ReportStateTag state={r.state} />,
    },
    { title: '检验月份', dataIndex: 'month', valueType: 'dateMonth', hideInTable: true },
    {
      title: '检验日期',
      dataIndex: 'inspectedOn',
      search: false,
      width: 110,
      render: (_, r) => dash(r.inspectedOn),
    },
    {
      title: '整改期限',
      dataIndex: 'rectificationDeadline',
      search: false,
      width: 110,
      render: (_, r) => dash(r.rectificationDeadline),
    },
    {
      title: '下次检验日期',
      dataIndex: 'nextInspectionDate',
      search: false,
      width: 120,
      render: (_, r) => dash(r.nextInspectionDate),
    },
    {
      title: '检验人员',
      dataIndex: 'inspectorNames',
      search: false,
      width: 110,
      render: (_, r) => dash(r.inspectorNames),
    },
    actionColumn<Row>(280, (r) => (
      <Space size={8} wrap>
        <RowAction data-testid="report-detail-open" onClick={() => setOpen({ kind: 'detail', row: r })}>
          详情
        </RowAction>
        {actionsOf(r).map((a) => act(r, a))}
      </Space>
    )),
  ];

  const detailRow = open && 'row' in open && open.kind === 'detail' ? open.row : null;
  return (
    <>
      <ContractTable<Row>
        call={inspectionReportCalls.query}
        queryKey={reportKeys.list}
        columns={columns}
        selectable={org}
        headerTitle={org ? batchButtons : undefined}
        testId="inspection-reports"
        emptyText={
          side === 'useUnit' || side === 'regulator'
            ? '暂无已发布的检验报告'
            : side === 'inspector'
              ? '暂无您的检验报告，录入检验结果后生成'
              : '暂无检验报告'
        }
      />
      {detailRow && (
        <Drawer
          open
          width={860}
          title={`检验报告 ${detailRow.reportNo}`}
          onClose={close}
          destroyOnHidden
          extra={
            <Space wrap>
              {actionsOf(detailRow)
                .filter((a) => a === 'pdf' || a === 'records')
                .map((a) => act(detailRow, a))}
            </Space>
          }
        >
          <ReportDetailView id={detailRow.id} />
        </Drawer>
      )}
      {open?.kind === 'pdf' && <PdfDialog report={open.row} onClose={close} />}
      {open?.kind === 'push' && <PushDialog report={open.row} onClose={close} />}
      {open?.kind === 'remark' && <RemarkDialog report={open.row} initial={null} onClose={close} />}
      {open?.kind === 'plan' && <PlanLoader id={open.row.id} onClose={close} />}
      {open?.kind === 'upload' && <UploadReportDialog report={open.row} onClose={close} />}
      {open?.kind === 'close' && <CloseDialog reports={open.rows} onClose={close} />}
      {open?.kind === 'batchEdit' && <BatchEditDialog reports={open.rows} onClose={close} />}
      {open?.kind === 'recreated' && <RecreateResultDialog result={open.result} onClose={close} />}
    </>
  );
}
