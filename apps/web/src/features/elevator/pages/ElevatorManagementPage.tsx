import { DownOutlined, EditOutlined } from '@ant-design/icons';
import { type ElevatorDetail, type ElevatorRow, elevatorCalls } from '@ec/contract';
import { App, Button, Dropdown, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { useDownload } from '../../../components/ImportReport.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call, download } from '../../../lib/api.ts';
import { useCanOpen } from '../../../lib/page-param.ts';
import { Permission } from '../../../lib/permission.tsx';
import { ELEVATOR_PATHS, elevatorDetailUrl } from '../../../lib/routes.ts';
import { BatchEditModal } from '../BatchEditModal.tsx';
import { MANAGEMENT_COLUMNS } from '../columns.tsx';
import { DistributionModal, SupervisionCodeModal } from '../ElevatorDialogs.tsx';
import { ElevatorFormModal } from '../ElevatorFormModal.tsx';
import { ImportElevators } from '../ImportElevators.tsx';
import {
  ELEVATOR_EXPORTS,
  type ElevatorTableContext,
  useElevatorList,
  useElevatorListColumns,
} from '../list.tsx';
import { useInvalidateElevators } from '../queries.ts';

type Editing = { detail: ElevatorDetail | null } | null;

/** 电梯管理: the registry for regulators and the platform — filters, batch actions, import, export. */
export default function ElevatorManagementPage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidateElevators();
  const canEdit = usePermission('elevator:edit');
  const canDetail = useCanOpen(ELEVATOR_PATHS.detail);
  const [editing, setEditing] = useState<Editing>(null);
  const [assigning, setAssigning] = useState<{ ids: number[]; done: () => void } | null>(null);
  const [batchEditing, setBatchEditing] = useState<{ ids: number[]; done: () => void } | null>(null);
  const [coding, setCoding] = useState<ElevatorRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const selectedExport = useDownload();

  const batch = async (
    ctx: ElevatorTableContext,
    label: string,
    run: (ids: number[]) => Promise<{ updated?: number; deleted?: number }>,
  ) => {
    const ids = ctx.requireIds();
    if (!ids) return;
    setBusy(label);
    try {
      const r = await run(ids);
      message.success(`已${label} ${r.updated ?? r.deleted ?? ids.length} 台电梯`);
      ctx.clearSelection();
      await invalidate();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };

  const openEdit = async (row: ElevatorRow) => {
    try {
      const detail = await call(elevatorCalls.detailInfo, { elevatorId: row.id });
      setEditing({ detail });
    } catch {
      // shown by the request layer
    }
  };

  const unbindRescue = (row: ElevatorRow) =>
    modal.confirm({
      title: '解绑应急救援识别码',
      content: `确定解绑电梯 ${row.registerCode} 的应急救援识别码 ${row.rescueCode} 吗？`,
      okText: '解绑',
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(elevatorCalls.unbindingEmergencyCode, { id: row.id });
        message.success('应急救援识别码已解绑');
        await invalidate();
      },
    });

  const list = useElevatorList({ listCall: elevatorCalls.queryList, inspectionSummary: true });
  const columns = useElevatorListColumns(MANAGEMENT_COLUMNS, {
    width: canEdit ? 170 : 70,
    render: (row) => [
      canDetail && (
        <RowAction key="detail" onClick={() => navigate(elevatorDetailUrl(row.id))}>
          详情
        </RowAction>
      ),
      canEdit && (
        <RowAction key="edit" onClick={() => openEdit(row)}>
          编辑
        </RowAction>
      ),
      canEdit && (
        <Dropdown
          key="more"
          menu={{
            items: [
              { key: 'rescue', label: '解绑救援码', disabled: !row.rescueCode },
              { key: 'supervision', label: '监察识别码' },
            ],
            onClick: ({ key }) => (key === 'rescue' ? unbindRescue(row) : setCoding(row)),
          }}
        >
          <RowAction>
            更多 <DownOutlined />
          </RowAction>
        </Dropdown>
      ),
    ],
  });

  return (
    <>
      <ContractTable<ElevatorRow>
        {...list}
        testId="elevator-management"
        columns={columns}
        hiddenColumns={['deviceCode', 'useCertNo', 'createTime']}
        selectable
        headerTitle={(ctx) => (
          <Space wrap>
            <Permission value="elevator:edit">
              <Button
                icon={<EditOutlined />}
                onClick={() => {
                  const ids = ctx.requireIds();
                  if (ids) setBatchEditing({ ids, done: ctx.clearSelection });
                }}
              >
                批量修改
              </Button>
              <Button
                loading={busy === '启用'}
                onClick={() => batch(ctx, '启用', (ids) => call(elevatorCalls.enAble, { ids }))}
              >
                启用
              </Button>
              <Button
                loading={busy === '停用'}
                onClick={() => batch(ctx, '停用', (ids) => call(elevatorCalls.disAble, { ids }))}
              >
                停用
              </Button>
              <Popconfirm
                title={`确定删除选中的 ${ctx.selectedKeys.length} 台电梯吗？`}
                description="删除后不可恢复；有待审核认领的电梯不能删除。"
                disabled={ctx.selectedKeys.length === 0}
                okText="删除"
                okButtonProps={{ danger: true }}
                onConfirm={() => void batch(ctx, '删除', (ids) => call(elevatorCalls.delete, { ids }))}
              >
                <Button
                  danger
                  loading={busy === '删除'}
                  onClick={() => ctx.selectedKeys.length === 0 && ctx.requireIds()}
                >
                  删除
                </Button>
              </Popconfirm>
            </Permission>
            <Permission value="elevator:claim:audit">
              <Button
                onClick={() => {
                  const ids = ctx.requireIds();
                  if (ids) setAssigning({ ids, done: ctx.clearSelection });
                }}
              >
                指定维保单位
              </Button>
            </Permission>
            <Permission value="elevator:export">
              <Button
                loading={selectedExport.busy}
                onClick={() => {
                  const ids = ctx.requireIds();
                  if (ids) void selectedExport.run(() => download(elevatorCalls.exportByIds, { ids }));
                }}
              >
                导出选中
              </Button>
            </Permission>
          </Space>
        )}
        add={{ label: '新增', permission: 'elevator:edit', onClick: () => setEditing({ detail: null }) }}
        toolbar={() => [<ImportElevators key="import" />]}
        exports={ELEVATOR_EXPORTS}
      />
      <ElevatorFormModal
        open={editing !== null}
        detail={editing?.detail ?? null}
        onClose={() => setEditing(null)}
      />
      <DistributionModal
        ids={assigning?.ids ?? null}
        onClose={() => setAssigning(null)}
        onDone={() => assigning?.done()}
      />
      <SupervisionCodeModal row={coding} onClose={() => setCoding(null)} />
      <BatchEditModal
        ids={batchEditing?.ids ?? null}
        onClose={() => setBatchEditing(null)}
        onDone={() => batchEditing?.done()}
      />
    </>
  );
}
