import { AGREEMENT_KINDS, AGREEMENT_TITLES, agreementCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Form, Input, Row, Space, Spin, Tabs, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { PERMS } from '../shared/labels.ts';
import { systemKeys, useInvalidate } from '../shared/queries.ts';

type Kind = (typeof AGREEMENT_KINDS)[number];

/** Snippets the toolbar wraps around the selection (or inserts). */
const SNIPPETS: { label: string; before: string; after: string }[] = [
  { label: '标题', before: '<h2>', after: '</h2>' },
  { label: '段落', before: '<p>', after: '</p>' },
  { label: '加粗', before: '<strong>', after: '</strong>' },
  { label: '斜体', before: '<em>', after: '</em>' },
  { label: '列表', before: '<ul>\n  <li>', after: '</li>\n</ul>' },
  { label: '链接', before: '<a href="https://">', after: '</a>' },
  { label: '换行', before: '<br />', after: '' },
];

function Editor({ value = '', onChange }: { value?: string; onChange?: (v: string) => void }) {
  const ref = useRef<HTMLTextAreaElement | null>(null);
  const wrap = (before: string, after: string) => {
    const el = ref.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange?.(value.slice(0, start) + before + value.slice(start, end) + after + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + before.length, end + before.length);
    });
  };
  return (
    <div>
      <Space wrap size={4} style={{ marginBottom: 6 }}>
        {SNIPPETS.map((s) => (
          <Button key={s.label} size="small" onClick={() => wrap(s.before, s.after)}>
            {s.label}
          </Button>
        ))}
      </Space>
      <Input.TextArea
        ref={(r) => {
          ref.current = r?.resizableTextArea?.textArea ?? null;
        }}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 16, maxRows: 30 }}
        style={{ fontFamily: 'monospace', fontSize: 13 }}
        placeholder="<h2>第一条 总则</h2><p>……</p>"
      />
    </div>
  );
}

/** Sanitised HTML from the server, as the register page shows it. */
function SavedView({ html }: { html: string }) {
  if (!html) return <Empty description="尚未填写协议内容" />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises agreements on save and on display
  return <div className="agreement-content" dangerouslySetInnerHTML={{ __html: html }} />;
}

function AgreementEditor({ kind }: { kind: Kind }) {
  const { message } = App.useApp();
  const canEdit = usePermission(PERMS.agreementEdit);
  const invalidate = useInvalidate();
  const [form] = Form.useForm<{ title: string; content: string }>();
  const [saving, setSaving] = useState(false);
  const [changedBySanitiser, setChangedBySanitiser] = useState(false);
  const detail = useQuery({
    queryKey: [...systemKeys.agreement, kind],
    queryFn: () => call(agreementCalls.detail, { kind }),
  });
  const draft = Form.useWatch('content', form) ?? '';

  useEffect(() => {
    if (detail.data) form.setFieldsValue({ title: detail.data.title, content: detail.data.content });
  }, [detail.data, form]);

  const save = async (v: { title: string; content: string }) => {
    setSaving(true);
    try {
      const saved = await call(agreementCalls.save, {
        kind,
        title: v.title.trim(),
        content: v.content ?? '',
      });
      setChangedBySanitiser(saved.content !== (v.content ?? ''));
      form.setFieldsValue({ content: saved.content });
      message.success('协议已保存');
      await invalidate([...systemKeys.agreement, kind]);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  if (detail.isLoading) return <Spin />;
  return (
    <Row gutter={16}>
      <Col xs={24} xl={12}>
        <Card title="编辑" size="small">
          <Form form={form} layout="vertical" disabled={!canEdit} onFinish={save}>
            <Form.Item
              name="title"
              label="协议标题"
              rules={[{ required: true, whitespace: true, message: '请输入协议标题' }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="content"
              label="协议内容（HTML）"
              extra="保存时服务器会去掉脚本、样式和事件属性，只保留文字结构和链接。"
            >
              <Editor />
            </Form.Item>
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={saving}>
                保存
              </Button>
            )}
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card
          size="small"
          title="预览"
          extra={detail.data?.updateTime ? `最后保存：${detail.data.updateTime}` : '尚未保存'}
        >
          {changedBySanitiser && (
            <Alert
              type="info"
              showIcon
              closable
              style={{ marginBottom: 12 }}
              message="内容已按安全规则净化，编辑框中已换成净化后的内容。"
            />
          )}
          <Tabs
            size="small"
            items={[
              {
                key: 'draft',
                label: '编辑中',
                children: (
                  // A sandboxed frame: the unsaved draft cannot run scripts or reach the console.
                  <iframe
                    title="协议草稿预览"
                    sandbox=""
                    srcDoc={`<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><style>body{font:14px/1.7 system-ui,sans-serif;color:#333;margin:8px}</style>${draft}`}
                    style={{ width: '100%', height: 460, border: '1px solid #f0f0f0', borderRadius: 4 }}
                  />
                ),
              },
              {
                key: 'saved',
                label: '已保存（净化后）',
                children: (
                  <div style={{ maxHeight: 460, overflow: 'auto' }}>
                    <Typography.Title level={4} style={{ marginTop: 0 }}>
                      {detail.data?.title}
                    </Typography.Title>
                    <SavedView html={detail.data?.content ?? ''} />
                  </div>
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** 协议管理: the user agreement and privacy policy shown on the register page. */
export default function AgreementPage() {
  return (
    <Card data-testid="agreement-page" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        destroyOnHidden
        items={AGREEMENT_KINDS.map((kind) => ({
          key: kind,
          label: AGREEMENT_TITLES[kind],
          children: <AgreementEditor kind={kind} />,
        }))}
      />
    </Card>
  );
}
