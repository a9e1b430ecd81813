import { type AuditInfo, type AuditStep, FILING_STATE, inspectionOrgCalls } from '@ec/contract';
import { Button, Card, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { useCanAudit } from '../../../lib/access.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { AuditHistory } from '../AuditHistory.tsx';
import { type Decidable, useDecision } from '../Decision.tsx';
import { AuditCaseDescriptions, CompanyDescriptions, PersonDescriptions } from '../Descriptions.tsx';
import { ORG_AUDIT_PERMISSION } from '../paths.ts';
import { usePartyQuery } from '../queries.ts';

/** The case as the reviewer sees it: state, who submitted and decided, the opinion; the decision. */
function CaseCard({
  title,
  audit,
  decide,
}: {
  title: string;
  audit: AuditInfo;
  decide?: (row: Decidable) => void;
}) {
  return (
    <Card
      title={title}
      extra={
        audit.state === FILING_STATE.pending && decide ? (
          <Button
            type="primary"
            data-testid="audit-button"
            onClick={() => decide({ auditId: audit.auditId, version: audit.version })}
          >
            审核
          </Button>
        ) : null
      }
    >
      <AuditCaseDescriptions audit={audit} />
    </Card>
  );
}

function Layout({
  caseCard,
  subject,
  subjectTitle,
  history,
  dialog,
}: {
  caseCard: ReactNode;
  subject: ReactNode;
  subjectTitle: string;
  history: AuditStep[];
  dialog: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="org-audit-detail">
      <div>
        <Button onClick={() => navigate(ORG_PATHS.audit)}>返回审核列表</Button>
      </div>
      {caseCard}
      <Card title={subjectTitle}>{subject}</Card>
      <Card title="审核记录">
        <AuditHistory history={history} />
      </Card>
      {dialog}
    </Space>
  );
}

function OrganisationFiling({ id }: { id: number }) {
  const canDecide = useCanAudit(ORG_AUDIT_PERMISSION);
  const detail = usePartyQuery(inspectionOrgCalls.auditGet, { id });
  const [decide, dialog] = useDecision(
    inspectionOrgCalls.auditPass,
    inspectionOrgCalls.auditReject,
    '检验机构备案审核',
  );
  const d = detail.data;
  if (!d) return detail.isError ? <NotFoundCard title="审核记录不存在或无权访问" /> : <Skeleton active />;
  return (
    <Layout
      caseCard={<CaseCard title="检验机构备案审核" audit={d.audit} decide={canDecide ? decide : undefined} />}
      subjectTitle="机构信息与证照"
      subject={<CompanyDescriptions company={d.company} />}
      history={d.company.history}
      dialog={dialog}
    />
  );
}

function JoinRequest({ id }: { id: number }) {
  const canDecide = useCanAudit(ORG_AUDIT_PERMISSION);
  const detail = usePartyQuery(inspectionOrgCalls.userAuditGet, { id });
  const [decide, dialog] = useDecision(
    inspectionOrgCalls.userAuditPass,
    inspectionOrgCalls.userAuditReject,
    '检验机构绑定申请审核',
  );
  const d = detail.data;
  if (!d) return detail.isError ? <NotFoundCard title="审核记录不存在或无权访问" /> : <Skeleton active />;
  return (
    <Layout
      caseCard={
        <CaseCard
          title={`绑定申请：${d.audit.realName} → ${d.audit.companyName ?? ''}`}
          audit={d.audit}
          decide={canDecide ? decide : undefined}
        />
      }
      subjectTitle="申请人信息"
      subject={<PersonDescriptions person={d.person} />}
      history={d.person.history}
      dialog={dialog}
    />
  );
}

/**
 * 机构审核详情 (?id=<audit id> of an organisation's filing, or ?joinId=<audit id> of a request to join
 * one): the case, the uploaded scans and the audit history, with the decision for reviewers.
 */
export default function OrganizationAuditDetailPage() {
  const id = usePageParam('id');
  const joinId = usePageParam('joinId');
  if (id) return <OrganisationFiling id={id} />;
  if (joinId) return <JoinRequest id={joinId} />;
  return <NotFoundCard title="请从机构审核列表打开详情" />;
}
