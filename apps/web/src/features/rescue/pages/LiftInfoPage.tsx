import {
  type LocatedLift,
  RESCUE_CASE_TOPIC,
  RESCUE_PERMISSIONS,
  type RescueCaseRow,
  rescueCaseCalls,
} from '@ec/contract';
import { Alert, Button, Card, Col, Empty, List, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { useLiveRefresh } from '../../../lib/live.ts';
import { CaseDrawer } from '../CaseDrawer.tsx';
import { caseColumns } from '../columns.tsx';
import { LiftFacts, LiftSearchBox, useLiftSearch } from '../LiftLocator.tsx';
import { rescueKeys } from '../queries.ts';

/** The lift's recent cases: the case list's columns without its search form. */
const RECENT = new Set([
  'caseNo',
  'status',
  'kind',
  'alarmAt',
  'arrivalMinutes',
  'trapped',
  'level',
  'causeLabel',
]);

/**
 * 电梯信息 (/getrecoreDianti): find a lift by its rescue code, register code, address or community and
 * see who maintains and uses it (with their phones), its grid and rescue unit, an open case, and its
 * recent cases.
 */
export default function LiftInfoPage() {
  useLiveRefresh([RESCUE_CASE_TOPIC], rescueKeys.list);
  const mayLocate = usePermission(RESCUE_PERMISSIONS.caseHandle);
  const lifts = useLiftSearch();
  const [lift, setLift] = useState<LocatedLift | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const columns = [
    ...caseColumns(setOpen).filter((c) => RECENT.has(String(c.key))),
    actionColumn<RescueCaseRow>(80, (row) => (
      <RowAction key="detail" onClick={() => setOpen(row.id)}>
        详情
      </RowAction>
    )),
  ];

  if (!mayLocate) {
    return <Alert type="info" showIcon message="查询电梯需要应急处置（接警）权限" />;
  }

  return (
    <Row gutter={16} data-testid="rescue-lift-info">
      <Col xs={24} lg={9}>
        <Card size="small" title="查询电梯">
          <LiftSearchBox
            searching={lifts.searching}
            onSearch={async (t) => {
              const found = await lifts.search(t);
              setLift(found[0] ?? null);
            }}
          />
          {lifts.error && (
            <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 6 }}>
              {lifts.error}
            </Typography.Text>
          )}
          {lifts.results && lifts.results.length > 0 && (
            <List
              size="small"
              style={{ marginTop: 8 }}
              dataSource={lifts.results}
              renderItem={(l) => (
                <List.Item style={{ padding: 0 }}>
                  <Button
                    type={l.id === lift?.id ? 'primary' : 'text'}
                    block
                    style={{ textAlign: 'left', height: 'auto', whiteSpace: 'normal' }}
                    aria-pressed={l.id === lift?.id}
                    onClick={() => setLift(l)}
                  >
                    {l.address} · {l.rescueCode ?? '无识别码'}
                  </Button>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        {lift ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Card size="small" title={lift.name ? `${lift.name} · ${lift.registerCode}` : lift.registerCode}>
              <LiftFacts lift={lift} />
              {lift.openCaseId !== null && (
                <Button style={{ marginTop: 8 }} danger onClick={() => setOpen(lift.openCaseId)}>
                  查看未关闭的工单
                </Button>
              )}
            </Card>
            <Card size="small" title="该电梯的处置工单">
              <ContractTable<RescueCaseRow>
                testId="lift-cases"
                call={rescueCaseCalls.orderList}
                queryKey={rescueKeys.list}
                params={{ elevatorId: lift.id }}
                columns={columns}
                search={false}
                bare
                emptyText="该电梯暂无处置工单"
              />
            </Card>
          </Space>
        ) : (
          <Card size="small">
            <Empty description="输入救援识别码、注册代码、地址或小区查询电梯" />
          </Card>
        )}
      </Col>
      <CaseDrawer id={open} onClose={() => setOpen(null)} />
    </Row>
  );
}
