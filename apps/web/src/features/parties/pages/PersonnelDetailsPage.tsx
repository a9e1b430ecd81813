import { buildingUserAuditCalls, buildingUserCalls, FILING_STATE, maintenanceUserCalls } from '@ec/contract';
import { Button, Card, Skeleton, Space, Tabs } from 'antd';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { useCanAudit } from '../../../lib/access.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { AuditHistory } from '../AuditHistory.tsx';
import { useDecision } from '../Decision.tsx';
import { PersonDescriptions } from '../Descriptions.tsx';
import { usePartyQuery } from '../queries.ts';

/** A worker's or safety officer's details with the filing and leave histories and the audit button. */
export function PersonDetailView({ kind, id }: { kind: 'staff' | 'officer'; id: number | null }) {
  const staff = kind === 'staff';
  const detail = usePartyQuery(
    staff ? maintenanceUserCalls.detail : buildingUserCalls.detail,
    id ? { id } : null,
  );
  const canAudit = useCanAudit(staff ? 'maintenance:user:audit' : 'building:user:audit');
  const [decide, dialog] = useDecision(
    staff ? maintenanceUserCalls.auditPass : buildingUserAuditCalls.auditPass,
    staff ? maintenanceUserCalls.auditReject : buildingUserAuditCalls.auditReject,
    staff ? '维保人员备案审核' : '安全员备案审核',
  );
  if (!id) return <NotFoundCard title="请从人员列表打开详情" />;
  const p = detail.data;
  if (!p) return detail.isError ? <NotFoundCard title="人员不存在或无权访问" /> : <Skeleton active />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="person-detail">
      <Card
        title={p.realName}
        extra={
          canAudit && p.filingState === FILING_STATE.pending && p.auditId !== null ? (
            <Button
              type="primary"
              onClick={() => decide({ auditId: p.auditId!, version: p.auditVersion ?? 0 })}
            >
              审核
            </Button>
          ) : null
        }
      >
        <PersonDescriptions person={p} />
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'history', label: '备案记录', children: <AuditHistory history={p.history} /> },
            ...(staff
              ? [
                  {
                    key: 'leave',
                    label: '离职记录',
                    children: <AuditHistory history={p.leaveHistory} empty="暂无离职记录" />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {dialog}
    </Space>
  );
}

/** 维保人员详情 (?id=). */
export default function PersonnelDetailsPage() {
  return <PersonDetailView kind="staff" id={usePageParam()} />;
}
