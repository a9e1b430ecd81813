import { approvalStateOf, type InspectionOrgDetail, inspectionOrgCalls } from '@ec/contract';
import { App, Button, Card, Form, Input, Modal, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { validated } from '../../../components/form.ts';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';
import { AuditHistory } from '../AuditHistory.tsx';
import { CompanyDescriptions } from '../Descriptions.tsx';
import { useInvalidateParties, usePartyQuery } from '../queries.ts';
import { ApprovalTag } from './OrganizationListPage.tsx';

type ContactValues = { address: string; contactName: string; contactPhone: string };

/** The organisation changes its contact, phone and address (no new audit); the version it saw goes along. */
function ContactDialog({
  org,
  open,
  onClose,
}: {
  org: InspectionOrgDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ContactValues>();
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await call(inspectionOrgCalls.updateInspection, { ...v, id: org.id, version: org.version });
      message.success('已保存');
      await invalidate();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="修改联系信息"
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ address: org.address, contactName: org.contactName, contactPhone: org.contactPhone }}
      >
        <Form.Item name="contactName" label="联系人" rules={[{ required: true, message: '请输入联系人' }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label="联系电话"
          rules={[{ required: true, message: '请输入联系电话' }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="address" label="详细地址" rules={[{ required: true, message: '请输入详细地址' }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Links to the organisation's own resource pages. */
const RESOURCE_LINKS: [string, string][] = [
  [ORG_PATHS.personnel, '检验人员'],
  [ORG_PATHS.department, '部门管理'],
  [ORG_PATHS.equipment, '检验设备'],
  [ORG_PATHS.seals, '印章管理'],
  [ORG_PATHS.content, '检验项目'],
  [ORG_PATHS.fee, '检验收费标准'],
  [ORG_PATHS.elevator, '检验电梯'],
];

/**
 * 机构详情 (?id=; the organisation's own accounts open their organisation without one): the filed
 * facts and scans, the 核准证 state, the filing's history; the organisation changes its contact here.
 */
export default function OrganizationDetailPage() {
  const navigate = useNavigate();
  const session = useSession();
  const own = session.user?.userType === 'inspection' ? (session.user.companyId ?? null) : null;
  const id = usePageParam('id') ?? own;
  const canEdit = usePermission(inspectionOrgCalls.updateInspection.permission);
  const [editing, setEditing] = useState(false);
  const detail = usePartyQuery(inspectionOrgCalls.get, id ? { id } : null);
  if (!id) return <NotFoundCard title="请从机构备案列表打开详情" />;
  const d = detail.data;
  if (!d) return detail.isError ? <NotFoundCard title="检验机构不存在或无权访问" /> : <Skeleton active />;
  const mine = own === d.id;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="inspection-org-detail">
      <Space>
        <Button onClick={() => navigate(ORG_PATHS.filing)}>返回机构列表</Button>
        {mine && canEdit && (
          <Button type="primary" onClick={() => setEditing(true)}>
            修改联系信息
          </Button>
        )}
      </Space>
      <Card title="机构信息与证照" extra={<ApprovalTag state={approvalStateOf(d.approvalExpiry)} />}>
        <CompanyDescriptions company={d} />
      </Card>
      {mine && (
        <Card title="本机构资源">
          <Space wrap>
            {RESOURCE_LINKS.map(([path, label]) => (
              <Button key={path} onClick={() => navigate(path)}>
                {label}
              </Button>
            ))}
          </Space>
        </Card>
      )}
      <Card title="备案记录">
        <AuditHistory history={d.history} />
      </Card>
      {editing && <ContactDialog org={d} open onClose={() => setEditing(false)} />}
    </Space>
  );
}
