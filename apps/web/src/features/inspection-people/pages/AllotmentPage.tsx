import { departmentCalls } from '@ec/contract';
import { App, Card, Empty, Select, Space, Transfer } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import {
  useDepartmentOptions,
  useInvalidatePeople,
  usePassedInspectors,
  usePeopleRights,
} from '../queries.ts';

/**
 * 人员分配: choose a department, then move passed inspectors in (from those in no department) or
 * out of it. Left: unassigned; right: the department's. Each move is one call, all or nothing.
 */
export default function AllotmentPage() {
  const fromLink = usePageParam();
  const departments = useDepartmentOptions();
  const rights = usePeopleRights();
  const invalidate = useInvalidatePeople();
  const { message } = App.useApp();
  const [departmentId, setDepartmentId] = useState<number | null>(fromLink);
  useEffect(() => {
    if (fromLink) setDepartmentId(fromLink);
  }, [fromLink]);
  useEffect(() => {
    if (departmentId === null && departments.data?.length) setDepartmentId(departments.data[0].value);
  }, [departmentId, departments.data]);
  const free = usePassedInspectors({ unassigned: true }, departmentId !== null);
  const members = usePassedInspectors({ departmentId: departmentId ?? undefined }, departmentId !== null);
  const [busy, setBusy] = useState(false);
  const items = useMemo(
    () =>
      [...(free.data ?? []), ...(members.data ?? [])].map((i) => ({
        key: String(i.id),
        title: `${i.name}（${i.certNo}）`,
        description: i.certStateLabel,
      })),
    [free.data, members.data],
  );
  const targetKeys = (members.data ?? []).map((i) => String(i.id));
  return (
    <Card title="人员分配">
      <Space direction="vertical" style={{ width: '100%' }} size="large">
        <Space>
          <span>部门：</span>
          <Select
            style={{ width: 260 }}
            placeholder="请选择部门"
            value={departmentId ?? undefined}
            options={departments.data ?? []}
            onChange={(v) => setDepartmentId(v)}
            data-testid="allotment-department"
          />
        </Space>
        {departmentId === null ? (
          <Empty description="请先在部门管理中新增部门" />
        ) : (
          <div data-testid="allotment-transfer">
            <Transfer
              dataSource={items}
              targetKeys={targetKeys}
              titles={['未分配的检验人员', '本部门人员']}
              showSearch
              disabled={!rights.editDepartments || busy}
              listStyle={{ width: 360, height: 420 }}
              render={(item) => item.title}
              locale={{ notFoundContent: '暂无人员', searchPlaceholder: '搜索姓名或证书编号' }}
              onChange={async (_next, direction, moveKeys) => {
                const inspectorIds = moveKeys.map(Number);
                setBusy(true);
                try {
                  await call(direction === 'right' ? departmentCalls.distribution : departmentCalls.remove, {
                    departmentId,
                    inspectorIds,
                  });
                  message.success(direction === 'right' ? '已分配到部门' : '已移出部门');
                  await invalidate();
                } catch {
                  // the api client showed the reason
                } finally {
                  setBusy(false);
                }
              }}
            />
          </div>
        )}
      </Space>
    </Card>
  );
}
