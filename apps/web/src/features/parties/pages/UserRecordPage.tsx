import { buildingCompanyCalls, FILING_STATE } from '@ec/contract';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { PARTY_PAGES } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';
import { AuditHistory } from '../AuditHistory.tsx';
import { CompanyDescriptions } from '../Descriptions.tsx';
import { OwnCompanyEdit } from '../OwnCompanyEdit.tsx';
import { useCanOpenPage, usePagePath } from '../paths.ts';
import { usePartyQuery } from '../queries.ts';

/** 使用单位档案: the use unit's own record, its filing history, and its contact details to keep current. */
export default function UserRecordPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const path = usePagePath();
  const canOpen = useCanOpenPage();
  const id = user?.companyId ?? null;
  const detail = usePartyQuery(buildingCompanyCalls.companyDetail, id ? { id } : null);
  const [editing, setEditing] = useState(false);
  if (!id) return <Result status="info" title="本账号未绑定使用单位" />;
  const d = detail.data;
  if (!d) return detail.isError ? <NotFoundCard title="单位不存在或无权访问" /> : <Skeleton active />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="user-record">
      <Card
        title={d.name}
        extra={
          <Space>
            {d.filingState !== FILING_STATE.pending && (
              <Button onClick={() => setEditing(true)}>修改单位信息</Button>
            )}
            {canOpen(PARTY_PAGES.userUnitDetail) && (
              <Button onClick={() => navigate(path(PARTY_PAGES.userUnitDetail))}>安全员与合同</Button>
            )}
            {canOpen(PARTY_PAGES.incentive) && (
              <Button onClick={() => navigate(path(PARTY_PAGES.incentive))}>维保激励</Button>
            )}
          </Space>
        }
      >
        <CompanyDescriptions company={d} />
      </Card>
      <Card title="备案记录">
        <AuditHistory history={d.history} />
      </Card>
      <OwnCompanyEdit kind="use" company={d} open={editing} onClose={() => setEditing(false)} />
    </Space>
  );
}
