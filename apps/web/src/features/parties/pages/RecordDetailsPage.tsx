import { buildingCompanyAuditCalls, FILING_STATE } from '@ec/contract';
import { Button, Card, Skeleton, Space } from 'antd';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { usePageParam } from '../../../lib/page-param.ts';
import { AuditHistory } from '../AuditHistory.tsx';
import { useDecision } from '../Decision.tsx';
import { AuditCaseDescriptions, CompanyDescriptions } from '../Descriptions.tsx';
import { usePartyQuery } from '../queries.ts';

/** 备案详情 (?id=<audit id>): one use-unit filing as the reviewer sees it, with the decision. */
export default function RecordDetailsPage() {
  const id = usePageParam();
  const detail = usePartyQuery(buildingCompanyAuditCalls.detail, id ? { id } : null);
  const [decide, dialog] = useDecision(
    buildingCompanyAuditCalls.auditPass,
    buildingCompanyAuditCalls.auditReject,
    '使用单位备案审核',
  );
  if (!id) return <NotFoundCard title="请从备案审核列表打开详情" />;
  const d = detail.data;
  if (!d) return detail.isError ? <NotFoundCard title="审核记录不存在或无权访问" /> : <Skeleton active />;
  const a = d.audit;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title="备案审核"
        extra={
          a.state === FILING_STATE.pending ? (
            <Button type="primary" onClick={() => decide({ auditId: a.auditId, version: a.version })}>
              审核
            </Button>
          ) : null
        }
      >
        <AuditCaseDescriptions audit={a} />
      </Card>
      <Card title="单位信息">
        <CompanyDescriptions company={d.company} />
      </Card>
      <Card title="审核记录">
        <AuditHistory history={d.company.history} />
      </Card>
      {dialog}
    </Space>
  );
}
