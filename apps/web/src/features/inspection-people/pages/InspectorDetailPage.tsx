import { INSPECTOR_AUDIT_LABEL, INSPECTOR_CATEGORY_LABEL, type InspectorDetail } from '@ec/contract';
import { Card, Descriptions, Skeleton } from 'antd';
import { AuditTimeline } from '../../../components/AuditTimeline.tsx';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { dash } from '../../../lib/format.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { useInspector } from '../queries.ts';
import { AuditTag, CertTag } from './InspectorsPage.tsx';

/** The inspector's record and certificate, as the list and the audit detail show it. */
export function InspectorCard({ i, title = '检验人员信息' }: { i: InspectorDetail; title?: string }) {
  return (
    <Card title={title} data-testid="inspector-card">
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label="姓名">{i.name}</Descriptions.Item>
        <Descriptions.Item label="性别">{dash(i.genderLabel)}</Descriptions.Item>
        <Descriptions.Item label="身份证号">{dash(i.idNumber)}</Descriptions.Item>
        <Descriptions.Item label="手机号码">{dash(i.phone)}</Descriptions.Item>
        <Descriptions.Item label="所属机构">{i.orgName}</Descriptions.Item>
        <Descriptions.Item label="部门">{i.departmentName ?? '未分配'}</Descriptions.Item>
        <Descriptions.Item label="证书编号">{i.certNo}</Descriptions.Item>
        <Descriptions.Item label="资格项目">{INSPECTOR_CATEGORY_LABEL[i.category]}</Descriptions.Item>
        <Descriptions.Item label="发证机关">{dash(i.issuingAuthority)}</Descriptions.Item>
        <Descriptions.Item label="发证日期">{dash(i.issueDate)}</Descriptions.Item>
        <Descriptions.Item label="有效期至">{i.validUntil}</Descriptions.Item>
        <Descriptions.Item label="证书状态">
          <CertTag row={i} />
        </Descriptions.Item>
        <Descriptions.Item label="关联账号">{dash(i.username)}</Descriptions.Item>
        <Descriptions.Item label="审核状态">
          <AuditTag state={i.auditState} label={i.auditStateLabel} />
        </Descriptions.Item>
        <Descriptions.Item label="审核意见" span={2}>
          {dash(i.auditDescription)}
        </Descriptions.Item>
        <Descriptions.Item label="备注" span={2}>
          {dash(i.remark)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** 检验人员详情. */
export default function InspectorDetailPage() {
  const id = usePageParam();
  const q = useInspector(id);
  if (id === null || q.isError)
    return (
      <NotFoundCard
        title="检验人员不存在或无权访问"
        back={{ label: '返回检验人员', path: ORG_PATHS.personnel }}
      />
    );
  if (!q.data) return <Skeleton active />;
  return (
    <>
      <InspectorCard i={q.data} />
      <Card title="审核记录" style={{ marginTop: 16 }}>
        <AuditTimeline history={q.data.history} stateLabel={INSPECTOR_AUDIT_LABEL} />
      </Card>
    </>
  );
}
