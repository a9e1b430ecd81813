import { INSPECTOR_AUDIT_LABEL, inspectorCalls } from '@ec/contract';
import { App, Button, Card, Descriptions, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { AuditDialog } from '../../../components/AuditDialog.tsx';
import { AuditTimeline } from '../../../components/AuditTimeline.tsx';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { useInspectorAudit, useInvalidatePeople, usePeopleRights } from '../queries.ts';
import { InspectorCard } from './InspectorDetailPage.tsx';
import { AuditTag } from './InspectorsPage.tsx';

/** 人员审核详情: the case, the inspector as submitted, pass / reject with a reason, the history. */
export default function AuditPersonnelDetailPage() {
  const id = usePageParam();
  const q = useInspectorAudit(id);
  const rights = usePeopleRights();
  const invalidate = useInvalidatePeople();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  if (id === null || q.isError)
    return (
      <NotFoundCard
        title="审核记录不存在或无权访问"
        back={{ label: '返回检验人员审核', path: ORG_PATHS.auditPersonnel }}
      />
    );
  if (!q.data) return <Skeleton active />;
  const { audit, inspector } = q.data;
  return (
    <>
      <Card
        title="审核信息"
        extra={
          rights.audit &&
          audit.state === 2 && (
            <Space>
              <Button type="primary" onClick={() => setOpen(true)} data-testid="audit-decide">
                审核
              </Button>
            </Space>
          )
        }
      >
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label="审核状态">
            <AuditTag state={audit.state} label={INSPECTOR_AUDIT_LABEL[audit.state] ?? audit.stateLabel} />
          </Descriptions.Item>
          <Descriptions.Item label="审核意见">{dash(audit.auditDescription)}</Descriptions.Item>
          <Descriptions.Item label="提交人">{dash(audit.submitterName)}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{dash(audit.submitTime)}</Descriptions.Item>
          <Descriptions.Item label="审核人">{dash(audit.deciderName)}</Descriptions.Item>
          <Descriptions.Item label="审核时间">{dash(audit.decideTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <div style={{ marginTop: 16 }}>
        <InspectorCard i={inspector} />
      </div>
      <Card title="审核记录" style={{ marginTop: 16 }}>
        <AuditTimeline history={inspector.history} stateLabel={INSPECTOR_AUDIT_LABEL} />
      </Card>
      <AuditDialog
        open={open}
        title={`审核检验人员 ${inspector.name}`}
        onClose={() => setOpen(false)}
        onSubmit={async ({ pass, description }) => {
          const input = { auditId: audit.auditId, version: audit.version, auditDescription: description };
          await call(pass ? inspectorCalls.auditPass : inspectorCalls.auditReject, input);
          message.success(pass ? '已审核通过' : '已驳回');
          await invalidate();
        }}
      />
    </>
  );
}
