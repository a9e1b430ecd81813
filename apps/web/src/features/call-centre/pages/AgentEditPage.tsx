import { serviceUserCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { validated } from '../../../components/form.ts';
import { call } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { CALL_CENTRE_PAGES, callCentreKeys, useInvalidateCallCentre } from '../queries.ts';

interface AgentValues {
  userId: number;
  seatNo: string;
  extension?: string;
  remark?: string;
}

/**
 * 坐席编辑 (/serviceEdit[?userId=]): give a call-centre user a seat, or change an agent's seat,
 * extension and remark. A seat another agent holds is refused by the server (409).
 */
export default function AgentEditPage() {
  const userId = usePageParam('userId');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const invalidate = useInvalidateCallCentre();
  const [form] = Form.useForm<AgentValues>();
  const [saving, setSaving] = useState(false);
  const agent = useQuery({
    queryKey: callCentreKeys.agent(userId),
    enabled: userId !== null,
    queryFn: ({ signal }) => call(serviceUserCalls.info, { userId: userId! }, { signal }),
  });
  const candidates = useQuery({
    queryKey: callCentreKeys.candidates,
    queryFn: ({ signal }) => call(serviceUserCalls.candidates, {}, { signal }),
  });
  const a = agent.data;

  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const saved = await call(serviceUserCalls.update, {
        userId: v.userId,
        seatNo: v.seatNo.trim(),
        extension: v.extension?.trim() || null,
        remark: v.remark?.trim() || null,
        ...(a ? { version: a.version } : {}),
      });
      message.success(`已保存坐席 ${saved.seatNo}（${saved.realName}）`);
      await invalidate();
      navigate(CALL_CENTRE_PAGES.agents);
    } catch {
      // The request layer showed the reason (a taken seat, a stale version).
    } finally {
      setSaving(false);
    }
  };

  if (userId !== null && agent.isLoading) return <Spin />;
  return (
    <Card title={a ? `编辑坐席 ${a.seatNo}` : '新增坐席'} style={{ maxWidth: 640 }}>
      <Form
        form={form}
        layout="vertical"
        data-testid="agent-form"
        initialValues={
          a
            ? {
                userId: a.userId,
                seatNo: a.seatNo,
                extension: a.extension ?? undefined,
                remark: a.remark ?? undefined,
              }
            : undefined
        }
      >
        <Form.Item name="userId" label="坐席人员" rules={[{ required: true, message: '请选择呼叫中心用户' }]}>
          <Select
            data-testid="agent-user"
            disabled={!!a}
            showSearch
            optionFilterProp="label"
            loading={candidates.isLoading}
            placeholder="选择呼叫中心用户"
            options={(candidates.data ?? []).map((c) => ({
              value: c.userId,
              label: `${c.realName}（${c.username}）${c.seatNo ? ` · 坐席 ${c.seatNo}` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="seatNo"
          label="坐席号"
          rules={[
            { required: true, whitespace: true, message: '请填写坐席号' },
            { pattern: /^[0-9A-Za-z-]+$/, message: '坐席号只能包含字母、数字和连字符' },
            { max: 10, message: '不超过 10 个字符' },
          ]}
        >
          <Input data-testid="agent-seat" placeholder="如：04" />
        </Form.Item>
        <Form.Item
          name="extension"
          label="分机号"
          rules={[{ pattern: /^[0-9]*$/, message: '分机号只能包含数字' }]}
        >
          <Input maxLength={20} placeholder="如：8004" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '不超过 200 个字' }]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Space>
          <Button type="primary" loading={saving} onClick={submit} data-testid="agent-save">
            保存
          </Button>
          <Button onClick={() => navigate(CALL_CENTRE_PAGES.agents)}>返回</Button>
        </Space>
      </Form>
    </Card>
  );
}
