import { ArrowLeftOutlined } from '@ant-design/icons';
import { buildingCompanyCalls, elevatorCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { call } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ElevatorLedger } from './ElevatorLedger.tsx';

/** 单位电梯 (?id=): the elevators of one use unit, opened from 使用单位管理, within the user's scope. */
export default function UnitElevatorsPage() {
  const id = usePageParam();
  const navigate = useNavigate();
  const unit = useQuery({
    queryKey: ['parties', 'use-unit-name', id],
    queryFn: ({ signal }) => call(buildingCompanyCalls.companyDetail, { id: id! }, { signal, silent: true }),
    enabled: id !== null,
  });
  if (id === null) {
    return <NotFoundCard title="缺少使用单位编号（id）" subTitle="请从使用单位管理打开单位电梯" />;
  }
  return (
    <Card
      title={unit.data ? `单位电梯 · ${unit.data.name}` : '单位电梯'}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          返回
        </Button>
      }
      styles={{ body: { padding: 0 } }}
    >
      <ElevatorLedger
        listCall={elevatorCalls.queryList}
        testId="unit-elevators"
        fixedQuery={{ useCompanyId: id }}
      />
    </Card>
  );
}
