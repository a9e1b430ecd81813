import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { ProTable } from '@ant-design/pro-components';
import { type ClaimRecord, claimCalls, contractCalls, elevatorCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { call } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { Permission } from '../../../lib/permission.tsx';
import { ELEVATOR_PATHS } from '../../../lib/routes.ts';
import { ClaimHistoryDrawer } from '../ClaimHistory.tsx';
import { claimHistoryAction, claimRecordColumns } from '../columns.tsx';
import { ElevatorAttachments } from '../ElevatorAttachments.tsx';
import { CompanyDescriptions, ElevatorDescriptions, MaintenanceState } from '../ElevatorDescriptions.tsx';
import { ElevatorFormModal } from '../ElevatorFormModal.tsx';
import { iotTabItems } from '../IotTab.tsx';
import { MaintenanceOrders } from '../MaintenanceOrders.tsx';
import { elevatorKeys } from '../queries.ts';

const CONTRACT_COLOR: Record<string, string> = {
  none: 'red',
  expired: 'red',
  expiring: 'orange',
  pending: 'blue',
  notStarted: 'blue',
  valid: 'green',
};

/**
 * 电梯详情 (?id=): basic information, maintenance company and its work orders, use unit, the claim
 * records and the attachments.
 */
export default function ElevatorDetailPage() {
  const id = usePageParam();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const enabled = id !== null;
  const opts = { silent: true };

  const info = useQuery({
    queryKey: elevatorKeys.detail('info', id),
    queryFn: ({ signal }) => call(elevatorCalls.detailInfo, { elevatorId: id! }, { ...opts, signal }),
    enabled,
  });
  const maintenance = useQuery({
    queryKey: elevatorKeys.detail('maintenance', id),
    queryFn: ({ signal }) =>
      call(elevatorCalls.detailMaintenanceInfo, { elevatorId: id! }, { ...opts, signal }),
    enabled: enabled && info.isSuccess,
  });
  const building = useQuery({
    queryKey: elevatorKeys.detail('building', id),
    queryFn: ({ signal }) =>
      call(elevatorCalls.detailBuildingCompanyInfo, { elevatorId: id! }, { ...opts, signal }),
    enabled: enabled && info.isSuccess,
  });
  const claims = useQuery({
    queryKey: elevatorKeys.detail('claims', id),
    queryFn: ({ signal }) => call(claimCalls.historyElevatorClaim, { elevatorId: id! }, { ...opts, signal }),
    enabled: enabled && info.isSuccess,
  });

  // The maintenance-contract flag (无维保合同 / 合同已过期 / 即将到期) of this elevator.
  const contract = useQuery({
    queryKey: elevatorKeys.detail('contract', id),
    queryFn: ({ signal }) => call(contractCalls.elevatorState, { elevatorIds: [id!] }, { ...opts, signal }),
    enabled: enabled && info.isSuccess,
  });
  const contractState = contract.data?.[0];

  if (!enabled || info.isError) {
    return (
      <NotFoundCard
        title="电梯不存在或无权访问"
        subTitle={enabled ? info.error?.message : '缺少电梯编号（id）'}
        back={{ label: '返回电梯台账', path: ELEVATOR_PATHS.ledger }}
      />
    );
  }
  const e = info.data;
  const loading = <Skeleton active />;

  return (
    <Card
      data-testid="elevator-detail"
      title={
        <Space>
          {e ? `电梯详情 · ${e.registerCode}` : '电梯详情'}
          {contractState && (
            <Tag
              data-testid="contract-state"
              color={CONTRACT_COLOR[contractState.state]}
              title={contractState.endDate ? `合同到期日 ${contractState.endDate}` : undefined}
            >
              {contractState.stateLabel}
            </Tag>
          )}
        </Space>
      }
      extra={
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            返回
          </Button>
          {e && (
            <Permission value="elevator:edit">
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                编辑
              </Button>
            </Permission>
          )}
        </Space>
      }
    >
      <Tabs
        items={[
          { key: 'info', label: '基本信息', children: e ? <ElevatorDescriptions elevator={e} /> : loading },
          {
            key: 'maintenance',
            label: '维保单位',
            children: maintenance.isSuccess ? (
              <>
                {maintenance.data.maintenanceCompany && <MaintenanceState info={maintenance.data} />}
                <CompanyDescriptions company={maintenance.data.maintenanceCompany} empty="尚未绑定维保单位" />
              </>
            ) : (
              loading
            ),
          },
          {
            key: 'orders',
            label: '维保记录',
            children: e ? <MaintenanceOrders elevatorId={e.id} /> : loading,
          },
          {
            key: 'building',
            label: '使用单位',
            children: building.isSuccess ? (
              <CompanyDescriptions company={building.data} empty="尚未绑定使用单位" />
            ) : (
              loading
            ),
          },
          {
            key: 'claims',
            label: `认领记录${claims.data ? `（${claims.data.length}）` : ''}`,
            children: (
              <ProTable<ClaimRecord>
                rowKey="id"
                search={false}
                toolBarRender={false}
                options={false}
                loading={claims.isFetching}
                dataSource={claims.data ?? []}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                scroll={{ x: 'max-content' }}
                cardProps={{ bodyStyle: { padding: 0 } }}
                columns={claimRecordColumns({
                  withType: true,
                  actions: claimHistoryAction(setHistoryOf),
                })}
                locale={{ emptyText: '暂无认领记录' }}
              />
            ),
          },
          {
            key: 'attachments',
            label: '附件',
            children: e ? <ElevatorAttachments elevatorId={e.id} /> : loading,
          },
          ...iotTabItems(e?.id),
        ]}
      />
      <ElevatorFormModal open={editing} detail={e ?? null} onClose={() => setEditing(false)} />
      <ClaimHistoryDrawer claimId={historyOf} onClose={() => setHistoryOf(null)} />
    </Card>
  );
}
