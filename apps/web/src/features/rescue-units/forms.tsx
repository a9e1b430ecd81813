import {
  type CallOutput,
  type RescueStaffRow,
  type RescueTeamRow,
  type RescueUnitDetail,
  rescueUnitCalls,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { requiredRule, SaveModal } from '../../components/SaveModal.tsx';
import { call } from '../../lib/api.ts';
import { unitKeys, useUnitOptions } from './queries.ts';
import { districtOptions } from './rights.ts';

const req = requiredRule;

export function UnitForm({
  unit,
  onClose,
  onSaved,
}: {
  unit: RescueUnitDetail | null;
  onClose: () => void;
  onSaved: (u: RescueUnitDetail) => void;
}) {
  type V = {
    name: string;
    creditCode: string;
    areaCode: string;
    address?: string;
    legalPerson?: string;
    contactName?: string;
    contactPhone?: string;
  };
  return (
    <SaveModal<V>
      title={unit ? `编辑救援单位 ${unit.name}` : '新增救援单位'}
      testId="unit-form"
      initial={unit ? ({ ...unit } as Partial<V>) : {}}
      onClose={onClose}
      submit={async (v) =>
        onSaved(
          await call(rescueUnitCalls.unitSave, {
            ...(unit ? { id: unit.id, updateTime: unit.updateTime } : {}),
            ...v,
            creditCode: v.creditCode.trim().toUpperCase(),
            address: v.address || null,
            legalPerson: v.legalPerson || null,
            contactName: v.contactName || null,
            contactPhone: v.contactPhone || null,
          }),
        )
      }
    >
      <Form.Item name="name" label="单位名称" rules={req('请输入单位名称')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="creditCode" label="统一社会信用代码" rules={req('请输入统一社会信用代码')}>
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item name="areaCode" label="所属区域" rules={[{ required: true, message: '请选择所属区域' }]}>
        <Select options={districtOptions} placeholder="请选择" />
      </Form.Item>
      <Form.Item name="address" label="地址">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="legalPerson" label="负责人">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="contactName" label="联系人">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="contactPhone" label="值班电话">
        <Input maxLength={20} />
      </Form.Item>
    </SaveModal>
  );
}

export function TeamForm({
  team,
  unitId,
  onClose,
  onSaved,
}: {
  team: RescueTeamRow | null;
  unitId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  type V = {
    unitId: number;
    name: string;
    leaderName?: string;
    phone?: string;
    address?: string;
    vehicles?: number;
    remark?: string;
  };
  const units = useUnitOptions();
  return (
    <SaveModal<V>
      title={team ? `编辑救援队伍 ${team.name}` : '新增救援队伍'}
      testId="team-form"
      initial={team ? ({ ...team } as Partial<V>) : { unitId, vehicles: 0 }}
      onClose={onClose}
      submit={async (v) => {
        await call(rescueUnitCalls.teamSave, {
          ...(team ? { id: team.id, version: team.version } : {}),
          ...v,
          leaderName: v.leaderName || null,
          phone: v.phone || null,
          address: v.address || null,
          remark: v.remark || null,
        });
        onSaved();
      }}
    >
      <Form.Item name="unitId" label="救援单位" rules={[{ required: true, message: '请选择救援单位' }]}>
        <Select options={units.data ?? []} disabled={!!team || !!unitId} placeholder="请选择" />
      </Form.Item>
      <Form.Item name="name" label="队伍名称" rules={req('请输入队伍名称')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="leaderName" label="队长">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="phone" label="联系电话">
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="address" label="驻点地址">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="vehicles" label="救援车辆（辆）">
        <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </SaveModal>
  );
}

export function StaffForm({
  staff,
  unit,
  onClose,
  onSaved,
}: {
  staff: RescueStaffRow | null;
  unit: Pick<RescueUnitDetail, 'id' | 'teams'>;
  onClose: () => void;
  onSaved: () => void;
}) {
  type V = {
    name: string;
    phone: string;
    teamId?: number | null;
    position?: string;
    certNo?: string;
    userId?: number | null;
    enabled?: boolean;
  };
  const accounts = useQuery({
    queryKey: unitKeys.accounts(unit.id),
    queryFn: ({ signal }): Promise<CallOutput<typeof rescueUnitCalls.staffAccounts>> =>
      call(rescueUnitCalls.staffAccounts, { unitId: unit.id }, { signal, silent: true }),
  });
  return (
    <SaveModal<V>
      title={staff ? `编辑救援人员 ${staff.name}` : '新增救援人员'}
      testId="staff-form"
      initial={staff ? ({ ...staff } as Partial<V>) : { enabled: true }}
      onClose={onClose}
      submit={async (v) => {
        await call(rescueUnitCalls.staffSave, {
          ...(staff ? { id: staff.id, version: staff.version } : {}),
          unitId: unit.id,
          ...v,
          teamId: v.teamId ?? null,
          userId: v.userId ?? null,
          position: v.position || null,
          certNo: v.certNo || null,
        });
        onSaved();
      }}
    >
      <Form.Item name="name" label="姓名" rules={req('请输入姓名')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="phone"
        label="手机号"
        // The detail shows the number masked (138****1234); sent back unchanged, the server keeps it.
        rules={[
          ...req('请输入手机号'),
          { pattern: /^1[3-9]\d{9}$|^1\d{2}\*{4}\d{4}$/, message: '手机号格式不正确' },
        ]}
      >
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="teamId" label="所属队伍">
        <Select
          allowClear
          options={unit.teams.map((t) => ({ value: t.id, label: t.name }))}
          placeholder="请选择"
        />
      </Form.Item>
      <Form.Item name="position" label="岗位">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="certNo" label="作业证号">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="userId" label="登录账号（用于接单）">
        <Select
          allowClear
          options={(accounts.data ?? []).map((a) => ({
            value: a.id,
            label: `${a.realName}（${a.username}）`,
          }))}
          placeholder="不关联"
        />
      </Form.Item>
      <Form.Item name="enabled" label="在岗" valuePropName="checked">
        <Switch />
      </Form.Item>
    </SaveModal>
  );
}
