import {
  addDays,
  PATROL_TARGET_KIND_LABEL,
  type PatrolTargetKind,
  type PatrolTargetOption,
  patrolTaskCalls,
  patrolTemplateCalls,
  shanghaiToday,
} from '@ec/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { PATROL_PATHS } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';
import { planDistricts } from '../logic.ts';
import { patrolKeys, usePatrolWrite, useTask } from '../queries.ts';

interface Values {
  name: string;
  areaCode: string;
  templateId: number;
  assigneeIds: number[];
  plan: [Dayjs, Dayjs];
  remark?: string;
}

/**
 * 新建巡检任务: a district of the regulator's, a template (which says lifts or use units), the
 * targets picked from that district, the assignees (its regulators) and the planned dates. With
 * `?id=` it changes a 待执行 task (its version sent: a task changed meanwhile is refused).
 */
export default function NewTaskPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const write = usePatrolWrite();
  const [form] = Form.useForm<Values>();
  const districts = planDistricts(user?.areaCodes ?? []);
  const areaCode = Form.useWatch('areaCode', form) as string | undefined;
  const templateId = Form.useWatch('templateId', form) as number | undefined;
  const [picked, setPicked] = useState<Map<number, PatrolTargetOption>>(new Map());
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const editId = usePageParam('id');
  const editing = useTask(editId);
  const [loaded, setLoaded] = useState(false);

  const templates = useQuery({
    queryKey: [...patrolKeys.templates, 'options'],
    queryFn: ({ signal }) => call(patrolTemplateCalls.queryList, { enabled: true, limit: 500 }, { signal }),
  });
  const template = templates.data?.records.find((t) => t.id === templateId);
  const kind: PatrolTargetKind | undefined = template?.targetKind;
  const assignees = useQuery({
    queryKey: [...patrolKeys.all, 'assignees', areaCode ?? ''],
    enabled: !!areaCode,
    queryFn: ({ signal }) => call(patrolTaskCalls.assigneeOptions, { areaCode: areaCode! }, { signal }),
  });
  const targets = useQuery({
    queryKey: [...patrolKeys.all, 'targets', areaCode ?? '', kind ?? '', keyword, page],
    enabled: !!areaCode && !!kind,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(
        patrolTaskCalls.targetOptions,
        { kind: kind!, areaCode: areaCode!, keyword: keyword || undefined, page, limit: 10 },
        { signal },
      ),
  });
  // Another district or target kind (not the first one chosen or loaded) starts the picking over.
  const pickedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!areaCode || !kind) return;
    const key = `${areaCode}|${kind}`;
    if (pickedFor.current !== null && pickedFor.current !== key) {
      setPicked(new Map());
      setPage(1);
    }
    pickedFor.current = key;
  }, [areaCode, kind]);
  // A task being changed fills the form once, with its targets picked.
  useEffect(() => {
    const t = editing.data;
    if (!t || loaded) return;
    form.setFieldsValue({
      name: t.name,
      areaCode: t.areaCode,
      templateId: t.templateId ?? undefined,
      assigneeIds: t.assignees.map((a) => a.id),
      plan: [dayjs(t.planStart), dayjs(t.planEnd)],
      remark: t.remark ?? undefined,
    });
    setPicked(
      new Map(
        t.targets.map((x) => {
          const id = (x.elevatorId ?? x.unitId) as number;
          return [
            id,
            {
              id,
              kind: x.kind,
              name: x.name,
              address: x.address,
              areaCode: t.areaCode,
              useUnitName: x.useUnitName,
            },
          ];
        }),
      ),
    );
    setLoaded(true);
  }, [editing.data, loaded, form]);
  useEffect(() => {
    if (districts.length === 1 && !form.getFieldValue('areaCode'))
      form.setFieldValue('areaCode', districts[0].value);
  }, [districts, form]);
  useEffect(() => {
    const me = assignees.data?.find((p) => p.id === user?.userId);
    if (me && !(form.getFieldValue('assigneeIds')?.length > 0)) form.setFieldValue('assigneeIds', [me.id]);
  }, [assignees.data, user?.userId, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (picked.size === 0) return void message.warning('请至少选择一个巡检对象');
    setBusy(true);
    try {
      const saved = await write(
        () =>
          call(patrolTaskCalls.save, {
            ...(editing.data ? { id: editing.data.id, version: editing.data.version } : {}),
            name: v.name,
            areaCode: v.areaCode,
            templateId: v.templateId,
            targetIds: [...picked.keys()],
            assigneeIds: v.assigneeIds,
            planStart: v.plan[0].format('YYYY-MM-DD'),
            planEnd: v.plan[1].format('YYYY-MM-DD'),
            remark: v.remark || null,
          }),
        editing.data ? '巡检任务已修改' : '巡检任务已创建',
      );
      navigate(`${PATROL_PATHS.taskDetail}?id=${saved.id}`);
    } catch {
      // the api client showed the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={editId !== null ? '修改巡检任务' : '新建巡检任务'} data-testid="new-patrol-task">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{ plan: [dayjs(shanghaiToday()), dayjs(addDays(shanghaiToday(), 7))] }}
      >
        <Form.Item
          name="name"
          label="任务名称"
          rules={[{ required: true, whitespace: true, message: '请填写任务名称' }]}
        >
          <Input maxLength={100} placeholder="如：青秀区在用电梯季度巡查" />
        </Form.Item>
        <Form.Item name="areaCode" label="辖区" rules={[{ required: true, message: '请选择辖区' }]}>
          <Select options={districts} placeholder="请选择辖区" data-testid="task-area" />
        </Form.Item>
        <Form.Item name="templateId" label="巡检模板" rules={[{ required: true, message: '请选择巡检模板' }]}>
          <Select
            placeholder="请选择巡检模板"
            loading={templates.isLoading}
            data-testid="task-template"
            options={(templates.data?.records ?? []).map((t) => ({
              value: t.id,
              label: `${t.name}（${t.targetKindLabel}，${t.itemCount} 项）`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="assigneeIds"
          label="巡检人员"
          rules={[{ required: true, message: '请选择巡检人员' }]}
        >
          <Select
            mode="multiple"
            placeholder={areaCode ? '请选择巡检人员' : '请先选择辖区'}
            disabled={!areaCode}
            options={(assignees.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            data-testid="task-assignees"
          />
        </Form.Item>
        <Form.Item name="plan" label="计划日期" rules={[{ required: true, message: '请选择计划日期' }]}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>
        巡检对象{kind ? `（${PATROL_TARGET_KIND_LABEL[kind]}）` : ''}：已选 {picked.size} 个
      </Typography.Title>
      {picked.size > 0 && (
        <Space wrap style={{ marginBottom: 8 }} data-testid="picked-targets">
          {[...picked.values()].map((t) => (
            <Tag
              key={t.id}
              closable
              onClose={() =>
                setPicked((m) => {
                  const n = new Map(m);
                  n.delete(t.id);
                  return n;
                })
              }
            >
              {t.name}
            </Tag>
          ))}
        </Space>
      )}
      {!areaCode || !kind ? (
        <Typography.Paragraph type="secondary">
          选择辖区和巡检模板后，从该辖区的{kind ? PATROL_TARGET_KIND_LABEL[kind] : '电梯或使用单位'}
          中选择巡检对象。
        </Typography.Paragraph>
      ) : (
        <>
          <Input.Search
            allowClear
            placeholder={kind === 'lift' ? '注册代码、地址或名称' : '使用单位名称'}
            style={{ maxWidth: 320, marginBottom: 8 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
            data-testid="target-search"
          />
          <Table<PatrolTargetOption>
            rowKey="id"
            size="small"
            loading={targets.isFetching}
            dataSource={targets.data?.records ?? []}
            data-testid="target-options"
            locale={{ emptyText: '该辖区没有可选的巡检对象' }}
            pagination={{
              current: page,
              pageSize: 10,
              total: targets.data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
            }}
            rowSelection={{
              selectedRowKeys: [...picked.keys()],
              preserveSelectedRowKeys: true,
              onSelect: (row, selected) =>
                setPicked((m) => {
                  const n = new Map(m);
                  if (selected) n.set(row.id, row);
                  else n.delete(row.id);
                  return n;
                }),
              onSelectAll: (selected, _rows, changed) =>
                setPicked((m) => {
                  const n = new Map(m);
                  for (const r of changed)
                    if (selected) n.set(r.id, r);
                    else n.delete(r.id);
                  return n;
                }),
            }}
            columns={[
              { title: kind === 'lift' ? '注册代码' : '使用单位', dataIndex: 'name' },
              { title: '地址', dataIndex: 'address', ellipsis: true },
              ...(kind === 'lift' ? [{ title: '使用单位', dataIndex: 'useUnitName' }] : []),
            ]}
          />
        </>
      )}
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={busy} onClick={submit} data-testid="create-task">
          {editId !== null ? '保存修改' : '创建任务'}
        </Button>
        <Button onClick={() => navigate(PATROL_PATHS.myTasks)}>返回</Button>
      </Space>
    </Card>
  );
}
