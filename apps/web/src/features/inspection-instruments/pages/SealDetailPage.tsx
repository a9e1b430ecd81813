import { UploadOutlined } from '@ant-design/icons';
import { fileCalls, SEAL_IMAGE_MAX_BYTES, SEAL_KIND_LABEL, sealCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select, Space, Switch, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { call, upload } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { instrumentKeys, useInstrumentRights, useInvalidateInstruments } from '../queries.ts';
import { SealImage } from '../SealImage.tsx';

type V = { name: string; kind: number; enabled: boolean; note?: string };
const kindOptions = Object.entries(SEAL_KIND_LABEL).map(([v, label]) => ({ value: Number(v), label }));

/** 印章详情 (`?id=`; without it a new seal): its name and kind, and its image uploaded or replaced. */
export default function SealDetailPage() {
  const id = usePageParam();
  const rights = useInstrumentRights();
  const navigate = useNavigate();
  const invalidate = useInvalidateInstruments();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [fileId, setFileId] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: instrumentKeys.seal(id),
    queryFn: ({ signal }) => call(sealCalls.get, { id: id! }, { signal }),
    enabled: id !== null,
  });
  const seal = detail.data;
  useEffect(() => {
    if (!seal) return;
    form.setFieldsValue({
      name: seal.name,
      kind: seal.kind,
      enabled: seal.enabled,
      note: seal.note ?? undefined,
    });
    setFileId(seal.fileId);
  }, [seal, form]);

  if (id !== null && detail.isError)
    return (
      <NotFoundCard title="印章不存在或无权访问" back={{ label: '返回印章管理', path: ORG_PATHS.seals }} />
    );
  const readOnly = !rights.editSeals;

  const choose = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.png') || (file.type && file.type !== 'image/png')) {
      message.error('印章图片必须是透明背景的 PNG 文件');
      return;
    }
    if (file.size > SEAL_IMAGE_MAX_BYTES) {
      message.error(`印章图片不能超过 ${SEAL_IMAGE_MAX_BYTES / 1024} KB`);
      return;
    }
    setUploading(true);
    try {
      const stored = await upload(fileCalls.upload, file, {});
      setFileId(stored.id);
    } catch {
      // the api client showed the reason
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (!fileId) {
      message.error('请上传印章图片');
      return;
    }
    setBusy(true);
    try {
      const input = { ...v, note: v.note ?? null, fileId };
      const saved =
        id !== null && seal
          ? await call(sealCalls.update, { ...input, id, version: seal.version })
          : await call(sealCalls.add, input);
      message.success('保存成功');
      await invalidate();
      if (id === null) navigate(`${ORG_PATHS.sealDetail}?id=${saved.id}`, { replace: true });
    } catch {
      // the api client showed the reason (e.g. an opaque image, a second enabled seal of the kind)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={id === null ? '新增印章' : readOnly ? '印章详情' : '编辑印章'}
      loading={id !== null && detail.isLoading}
    >
      <Row gutter={32}>
        <Col flex="280px">
          <Space direction="vertical">
            <SealImage fileId={fileId} size={260} alt="印章图片" />
            {!readOnly && (
              <Upload
                accept=".png,image/png"
                showUploadList={false}
                beforeUpload={(file) => {
                  void choose(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button icon={<UploadOutlined />} loading={uploading} data-testid="seal-upload">
                  {fileId ? '更换印章图片' : '上传印章图片'}
                </Button>
              </Upload>
            )}
            <span style={{ color: '#888', fontSize: 12 }}>
              棋盘格为透明区域；请上传透明背景的 PNG，不超过 {SEAL_IMAGE_MAX_BYTES / 1024} KB
            </span>
          </Space>
        </Col>
        <Col flex="auto">
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="同一类型只能启用一枚印章，启用的印章用于检验报告签章。"
          />
          <Form form={form} layout="vertical" disabled={readOnly} initialValues={{ kind: 1, enabled: false }}>
            <Form.Item
              name="name"
              label="印章名称"
              rules={[{ required: true, whitespace: true, message: '请填写印章名称' }]}
            >
              <Input maxLength={100} data-testid="seal-name" />
            </Form.Item>
            <Form.Item name="kind" label="印章类型" rules={[{ required: true, message: '请选择印章类型' }]}>
              <Select options={kindOptions} />
            </Form.Item>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch checkedChildren="启用" unCheckedChildren="停用" />
            </Form.Item>
            <Form.Item name="note" label="备注">
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          </Form>
          <Space>
            {!readOnly && (
              <Button type="primary" loading={busy} onClick={save} data-testid="seal-save">
                保存
              </Button>
            )}
            <Button onClick={() => navigate(ORG_PATHS.seals)}>返回列表</Button>
          </Space>
        </Col>
      </Row>
    </Card>
  );
}
