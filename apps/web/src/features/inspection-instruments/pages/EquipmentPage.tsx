import type { ProColumns } from '@ant-design/pro-components';
import {
  CALIBRATION_STATE_LABEL,
  type CalibrationState,
  EQUIPMENT_EXPIRING_DAYS,
  EQUIPMENT_STATE_LABEL,
  type EquipmentRow,
  equipmentCalls,
  INSPECTION_PERMISSIONS,
} from '@ec/contract';
import { App, Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { CalibrationDialog } from '../CalibrationDialog.tsx';
import { instrumentKeys, useInstrumentRights, useInvalidateInstruments } from '../queries.ts';

const STATE_COLOR: Record<CalibrationState, string> = {
  valid: 'green',
  expiring: 'orange',
  expired: 'red',
  none: 'default',
};

const options = (labels: Record<string | number, string>) =>
  Object.fromEntries(Object.entries(labels).map(([k, text]) => [k, { text }]));

/** 检验设备: the organisation's instruments and their calibration (检定) state. */
export default function EquipmentPage() {
  const rights = useInstrumentRights();
  const navigate = useNavigate();
  const invalidate = useInvalidateInstruments();
  const { message } = App.useApp();
  const [calibrating, setCalibrating] = useState<EquipmentRow | null>(null);
  const remove = async (ids: number[], clear?: () => void) => {
    const res =
      ids.length === 1
        ? await call(equipmentCalls.delete, { ids })
        : await call(equipmentCalls.deleteGroups, { ids });
    message.success(`已删除 ${res.deleted} 台检验设备`);
    clear?.();
    await invalidate();
  };
  const columns: ProColumns<EquipmentRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '设备名称、型号或出厂编号' },
    },
    { title: '设备名称', dataIndex: 'name', search: false, width: 150 },
    { title: '规格型号', dataIndex: 'model', search: false, render: (_, r) => r.model ?? '—' },
    { title: '出厂编号', dataIndex: 'serialNo', search: false },
    { title: '检定方式', dataIndex: 'calibrationKindLabel', search: false, width: 90 },
    {
      title: '检定日期',
      dataIndex: 'calibratedOn',
      search: false,
      width: 110,
      render: (_, r) => r.calibratedOn ?? '—',
    },
    {
      title: '有效期至',
      dataIndex: 'validUntil',
      search: false,
      width: 110,
      render: (_, r) => r.validUntil ?? '—',
    },
    {
      title: '检定状态',
      dataIndex: 'calibrationState',
      valueType: 'select',
      valueEnum: options(CALIBRATION_STATE_LABEL),
      width: 120,
      render: (_, r) => (
        <Tag
          color={STATE_COLOR[r.calibrationState]}
          title={
            r.calibrationState === 'expiring'
              ? `${EQUIPMENT_EXPIRING_DAYS} 天内到期，剩余 ${r.daysLeft} 天`
              : r.calibrationState === 'expired'
                ? `已过期 ${-(r.daysLeft ?? 0)} 天`
                : undefined
          }
          data-testid={`cal-state-${r.id}`}
        >
          {r.calibrationStateLabel}
        </Tag>
      ),
    },
    {
      title: '设备状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: options(EQUIPMENT_STATE_LABEL),
      width: 100,
      render: (_, r) => <Tag color={r.state === 1 ? 'blue' : 'default'}>{r.stateLabel}</Tag>,
    },
    {
      title: '证书编号',
      dataIndex: 'certificateNo',
      search: false,
      render: (_, r) => r.certificateNo ?? '—',
    },
    ...(rights.manyOrgs
      ? [{ title: '检验机构', dataIndex: 'orgName', search: false, width: 220 } as ProColumns<EquipmentRow>]
      : []),
    actionColumn<EquipmentRow>(rights.editEquipment ? 190 : 70, (r) => (
      <>
        <RowAction onClick={() => navigate(`${ORG_PATHS.equipmentAdd}?id=${r.id}`)}>
          {rights.editEquipment ? '编辑' : '查看'}
        </RowAction>
        {rights.editEquipment && (
          <>
            <RowAction data-testid={`calibrate-${r.id}`} onClick={() => setCalibrating(r)}>
              登记检定
            </RowAction>
            <Popconfirm title={`删除检验设备 ${r.name}（${r.serialNo}）？`} onConfirm={() => remove([r.id])}>
              <RowAction danger>删除</RowAction>
            </Popconfirm>
          </>
        )}
      </>
    )),
  ];
  return (
    <>
      <ContractTable<EquipmentRow>
        call={equipmentCalls.query}
        queryKey={instrumentKeys.equipment}
        columns={columns}
        testId="equipment-list"
        emptyText="暂无检验设备"
        selectable={rights.editEquipment}
        selectionLabel={(n) => `已选择 ${n} 台检验设备`}
        headerTitle={(ctx) =>
          rights.editEquipment ? (
            <Popconfirm
              title={`删除选中的 ${ctx.selectedKeys.length} 台检验设备？`}
              disabled={ctx.selectedKeys.length === 0}
              onConfirm={() => {
                const ids = ctx.requireIds();
                if (ids) return remove(ids, ctx.clearSelection);
              }}
            >
              <Button danger disabled={ctx.selectedKeys.length === 0}>
                批量删除
              </Button>
            </Popconfirm>
          ) : null
        }
        add={
          rights.editEquipment
            ? { label: '新增检验设备', onClick: () => navigate(ORG_PATHS.equipmentAdd) }
            : false
        }
        exports={[
          { call: equipmentCalls.export, permission: INSPECTION_PERMISSIONS.equipmentList, unsorted: true },
        ]}
      />
      {calibrating && (
        <CalibrationDialog
          row={calibrating}
          onClose={() => setCalibrating(null)}
          onSaved={() => void invalidate()}
        />
      )}
    </>
  );
}
