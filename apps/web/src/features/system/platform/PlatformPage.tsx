import { fileCalls, fileExtension, logoCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Flex, Form, Input, Row, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FileUpload, type StoredFileRef } from '../../../components/index.ts';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { DEFAULT_TITLE, useSession } from '../../../lib/session.ts';
import { PERMS } from '../shared/labels.ts';
import { systemKeys, useInvalidate } from '../shared/queries.ts';
import { setPlatformTitle } from '../shared/session-sync.ts';

interface PlatformForm {
  title: string;
  logo: StoredFileRef[];
}

const IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'gif'];

function LogoImage({ id, size = 32 }: { id: string | null; size?: number }) {
  const image = useQuery({
    queryKey: ['logo-image', id],
    queryFn: () => call(fileCalls.imageBase64, { id: id! }, { silent: true }),
    enabled: !!id,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!id) return null;
  return image.data ? (
    <img src={image.data} alt="平台标识" style={{ width: size, height: size, objectFit: 'contain' }} />
  ) : (
    <div style={{ width: size, height: size, background: '#f0f0f0', borderRadius: 4 }} />
  );
}

/** How the sidebar header will look. */
function SidebarPreview({ title, logoId }: { title: string; logoId: string | null }) {
  return (
    <div
      className="platform-preview"
      style={{ width: 210, border: '1px solid #f0f0f0', borderRadius: 6, overflow: 'hidden' }}
    >
      <Flex align="center" gap={6} style={{ height: 56, padding: '0 12px', background: '#fff' }}>
        {logoId ? <LogoImage id={logoId} size={24} /> : <DefaultMark />}
        <span
          style={{
            fontSize: 14,
            fontWeight: 600,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
          title={title}
        >
          {title || DEFAULT_TITLE}
        </span>
      </Flex>
      <div
        style={{
          padding: '8px 12px',
          color: 'rgba(0,0,0,0.45)',
          fontSize: 12,
          borderTop: '1px solid #f0f0f0',
        }}
      >
        首页 · 系统设置 · …
      </div>
    </div>
  );
}

function DefaultMark() {
  return (
    <svg width="24" height="24" viewBox="0 0 32 32" aria-hidden="true">
      <rect x="3" y="2" width="26" height="28" rx="4" fill="#1890ff" />
      <rect x="7" y="7" width="8" height="19" rx="1" fill="#fff" />
      <rect x="17" y="7" width="8" height="19" rx="1" fill="#fff" />
    </svg>
  );
}

/** 平台设置: the platform title and logo shown in the sidebar (the newest record wins). */
export default function PlatformPage() {
  const { message } = App.useApp();
  const session = useSession();
  const canEdit = usePermission(PERMS.platformEdit);
  const invalidate = useInvalidate();
  const [form] = Form.useForm<PlatformForm>();
  const [saving, setSaving] = useState(false);
  const records = useQuery({
    queryKey: systemKeys.logos,
    queryFn: () => call(logoCalls.query, { page: 1, limit: 10, fileType: 'logo' }),
  });
  const title = Form.useWatch('title', form) ?? '';
  const logo = Form.useWatch('logo', form) ?? [];

  const current = records.data?.records[0];
  useEffect(() => {
    if (!records.data || form.isFieldsTouched()) return;
    form.setFieldsValue({
      title: current?.title ?? session.title,
      logo: current?.logoId ? [{ id: current.logoId, fileName: '当前标识' }] : [],
    });
  }, [records.data, current, form, session.title]);

  const save = async (v: PlatformForm) => {
    const file = v.logo?.[0];
    if (file && file.id !== current?.logoId && !IMAGE_TYPES.includes(fileExtension(file.fileName))) {
      message.error('平台标识只能使用 JPG、PNG 或 GIF 图片');
      return;
    }
    setSaving(true);
    try {
      const saved = await call(logoCalls.add, { title: v.title.trim(), logoId: file?.id ?? null });
      setPlatformTitle(saved.title, saved.logoId);
      message.success('平台设置已保存，侧边栏已更新');
      await invalidate(systemKeys.logos);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Row gutter={[16, 16]} data-testid="platform-page">
      <Col xs={24} xl={14}>
        <Card title="平台标题与标识">
          <Form<PlatformForm>
            form={form}
            layout="horizontal"
            labelCol={{ flex: '96px' }}
            disabled={!canEdit}
            onFinish={save}
            initialValues={{ title: session.title, logo: [] }}
          >
            <Form.Item
              name="title"
              label="平台标题"
              rules={[{ required: true, whitespace: true, message: '请输入平台标题' }]}
              extra="显示在侧边栏顶部和浏览器标题中"
            >
              <Input maxLength={50} showCount placeholder={DEFAULT_TITLE} />
            </Form.Item>
            <Form.Item
              name="logo"
              label="平台标识"
              extra="JPG、PNG 或 GIF 图片，建议正方形；不上传则使用默认标识"
            >
              <FileUpload kind="image" />
            </Form.Item>
            {canEdit && (
              <Form.Item label=" " colon={false}>
                <Button type="primary" htmlType="submit" loading={saving}>
                  保存
                </Button>
              </Form.Item>
            )}
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title="预览">
          <SidebarPreview title={title} logoId={logo[0]?.id ?? null} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            保存后所有用户的侧边栏在下次打开页面时显示新的标题和标识。
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col span={24}>
        <Card title="设置记录">
          <Table
            size="small"
            rowKey="id"
            loading={records.isFetching}
            dataSource={records.data?.records ?? []}
            pagination={false}
            locale={{ emptyText: '尚未设置，使用默认标题' }}
            columns={[
              { title: '时间', dataIndex: 'createTime', width: 180 },
              { title: '平台标题', dataIndex: 'title' },
              {
                title: '标识',
                dataIndex: 'logoId',
                width: 80,
                render: (id: string | null) => (id ? <LogoImage id={id} size={24} /> : '默认'),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
