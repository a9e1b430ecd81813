import { ArrowLeftOutlined } from '@ant-design/icons';
import { elevatorCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Skeleton, Space } from 'antd';
import { useNavigate } from 'react-router';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { call } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { Permission } from '../../../lib/permission.tsx';
import { ELEVATOR_PATHS } from '../../../lib/routes.ts';
import { useClaimAudit } from '../ClaimAudit.tsx';
import { ClaimDescriptions, ClaimTimeline } from '../ClaimHistory.tsx';
import { ElevatorDescriptions } from '../ElevatorDescriptions.tsx';
import { elevatorKeys } from '../queries.ts';

/** 监管认领详情 (?id=): the claim, the elevator and the review history; a pending claim can be decided here. */
export default function RegulationClaimDetailPage() {
  const id = usePageParam();
  const navigate = useNavigate();
  const audit = useClaimAudit();
  const detail = useQuery({
    queryKey: elevatorKeys.claims('detail', id),
    queryFn: ({ signal }) =>
      call(elevatorCalls.queryClaimElevatorDetail, { id: id! }, { signal, silent: true }),
    enabled: id !== null,
  });

  if (id === null || detail.isError) {
    return (
      <NotFoundCard
        title="认领记录不存在或无权访问"
        subTitle={id === null ? '请从监管认领列表打开认领详情' : detail.error?.message}
        back={{ label: '返回监管认领', path: ELEVATOR_PATHS.regulationClaim }}
      />
    );
  }
  if (!detail.data) return <Card>{<Skeleton active />}</Card>;
  const { claim, elevator, history } = detail.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="claim-detail">
      <Card
        title={`认领详情 · ${claim.registerCode}`}
        extra={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
              返回
            </Button>
            {claim.state === 2 && (
              <Permission value="elevator:claim:audit">
                <Button type="primary" onClick={() => audit.open(claim)}>
                  审核
                </Button>
              </Permission>
            )}
          </Space>
        }
      >
        <Row gutter={24}>
          <Col xs={24} xl={14}>
            <ClaimDescriptions claim={claim} />
          </Col>
          <Col xs={24} xl={10}>
            <Card size="small" title="审核历史">
              <ClaimTimeline history={history} />
            </Card>
          </Col>
        </Row>
      </Card>
      <Card title="电梯信息">
        <ElevatorDescriptions elevator={elevator} />
      </Card>
      {audit.dialog}
    </Space>
  );
}
