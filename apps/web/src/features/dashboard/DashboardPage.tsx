import {
  AD_TASK_PERMISSIONS,
  elevatorCalls,
  INSPECT_STATE_LABEL,
  type InspectState,
  ORDER_PERMISSIONS,
  RESCUE_PERMISSIONS,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Row, Statistic, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { usePermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { maskPhone } from '../../lib/format.ts';
import { AD_WORK_PATH, INSPECT_WORK_PATH, RESCUE_WORK_PATH, WORK_PATH } from '../../lib/routes.ts';
import { useSession } from '../../lib/session.ts';
import { RoleFigures } from './RoleFigures.tsx';

/** The elevator lists that take `?inspectState=`, in the order a user is sent to the first one open. */
const ELEVATOR_LISTS = [
  '/basicInformation/theElevatorManagement',
  '/basicInformation/thelEevatorList',
  '/basicInformation/userMyTheElevator',
];

/**
 * 超期未检 and 即将到期 lifts of the user's scope: the first thing a regulator, a maintenance company
 * or a use unit has to act on. Each figure opens the elevator list filtered on it.
 */
function InspectionCards() {
  const canList = usePermission('elevator:list');
  const { allowed } = useSession();
  const navigate = useNavigate();
  const counts = useQuery({
    // Under ['elevator'], so that elevator writes refresh it too.
    queryKey: ['elevator', 'inspection-counts'],
    enabled: canList,
    queryFn: ({ signal }) => call(elevatorCalls.inspectionCounts, {}, { signal, silent: true }),
  });
  if (!canList || !counts.data) return null;
  const list = ELEVATOR_LISTS.find((p) => allowed.has(p));
  const card = (state: InspectState, color: string, note: string) => (
    <Col xs={24} sm={12}>
      <Card
        hoverable={!!list}
        onClick={() => list && navigate(`${list}?inspectState=${state}`)}
        data-testid={`dashboard-inspect-${state}`}
      >
        <Statistic
          title={`${INSPECT_STATE_LABEL[state]}电梯`}
          value={counts.data[state]}
          suffix="台"
          valueStyle={counts.data[state] > 0 ? { color } : undefined}
        />
        <Typography.Text type="secondary">{note}</Typography.Text>
      </Card>
    </Col>
  );
  return (
    <Row gutter={16} style={{ marginTop: 16 }}>
      {card('overdue', '#cf1322', '在用且下次检验日期已过')}
      {card('due', '#d46b08', '在用且 30 天内到期')}
    </Row>
  );
}

const SCOPE_LABELS: Record<string, string> = {
  all: '全部数据',
  area: '所辖区域',
  company: '本单位',
  self: '仅本人',
};

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** A maintenance worker's way to his phone page: today's orders, sign in, checklist, submit. */
function WorkEntry() {
  const canWork = usePermission(ORDER_PERMISSIONS.work);
  const navigate = useNavigate();
  if (!canWork) return null;
  return (
    <Card style={{ marginTop: 16 }} data-testid="dashboard-work">
      <Typography.Paragraph style={{ marginBottom: 12 }}>
        在电梯现场用手机打开维保作业：签到、逐项填写、拍照、签名后提交。
      </Typography.Paragraph>
      <Button type="primary" onClick={() => navigate(WORK_PATH)}>
        进入维保作业
      </Button>
    </Card>
  );
}

/** An inspector's way to its phone page: the lifts distributed to it, item results, photos, signature. */
function InspectEntry() {
  const { user } = useSession();
  const navigate = useNavigate();
  if (user?.userType !== 'inspector') return null;
  return (
    <Card style={{ marginTop: 16 }} data-testid="dashboard-inspect">
      <Typography.Paragraph style={{ marginBottom: 12 }}>
        在电梯现场用手机打开检验作业：逐项录入检验结果、拍摄缺陷照片、签字。
      </Typography.Paragraph>
      <Button type="primary" onClick={() => navigate(INSPECT_WORK_PATH)}>
        进入检验作业
      </Button>
    </Card>
  );
}

/**
 * An advertising field worker's way to its phone page (/m/ad): an operator's account that binds
 * points' QR codes and sends task logs (not the platform's, which reads the operators' tasks).
 */
function AdWorkEntry() {
  const { user } = useSession();
  const canWork = usePermission(AD_TASK_PERMISSIONS.taskWork);
  const navigate = useNavigate();
  if (!canWork || user?.userType !== 'ad') return null;
  return (
    <Card style={{ marginTop: 16 }} data-testid="dashboard-ad-work">
      <Typography.Paragraph style={{ marginBottom: 12 }}>
        在点位现场用手机打开广告投放作业：扫码绑定点位二维码、拍摄安装照片、定位后提交投放日志。
      </Typography.Paragraph>
      <Button type="primary" onClick={() => navigate(AD_WORK_PATH)}>
        进入广告投放作业
      </Button>
    </Card>
  );
}

/**
 * A rescuer's way to the phone page of the cases dispatched to its company (a maintenance company,
 * a rescue unit); the call centre's agents work on the board instead.
 */
function RescueEntry() {
  const canRescue = usePermission(RESCUE_PERMISSIONS.caseRescue);
  const isAgent = usePermission(RESCUE_PERMISSIONS.caseHandle);
  const navigate = useNavigate();
  if (!canRescue || isAgent) return null;
  return (
    <Card style={{ marginTop: 16 }} data-testid="dashboard-rescue">
      <Typography.Paragraph style={{ marginBottom: 12 }}>
        有人被困时，96333 派给本单位的救援工单在这里：接单、到达现场、解救完成。
      </Typography.Paragraph>
      <Button danger type="primary" onClick={() => navigate(RESCUE_WORK_PATH)}>
        进入应急救援
      </Button>
    </Card>
  );
}

/** Welcome card with the signed-in user's account; figures join as later issues add statistics. */
export default function DashboardPage() {
  const { user, menus } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  const groups = menus.filter((m) => m.url !== 'iot' && !m.hidden && m.childTree.length > 0);
  const pageCount = groups.reduce((n, g) => n + g.childTree.filter((c) => !c.hidden).length, 0);

  return (
    <div className="dashboard">
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {greeting(new Date().getHours())}，{user.name}
        </Typography.Title>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="账号">{user.username}</Descriptions.Item>
          <Descriptions.Item label="所属单位">{user.companyName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="角色">
            {user.roleName ?? '—'}
            {user.roles.map((r) => (
              <Tag key={r} style={{ marginInlineStart: 8 }}>
                {r}
              </Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label="数据范围">
            {SCOPE_LABELS[user.dataScope] ?? user.dataScope}
          </Descriptions.Item>
          <Descriptions.Item label="手机号">{maskPhone(user.telephone) || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <RoleFigures user={user} />
      <WorkEntry />
      <RescueEntry />
      <InspectEntry />
      <AdWorkEntry />
      <InspectionCards />
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} sm={12}>
          <Card>
            <Statistic title="可用功能模块" value={groups.length} suffix="个" />
          </Card>
        </Col>
        <Col xs={24} sm={12}>
          <Card>
            <Statistic title="可访问页面" value={pageCount} suffix="个" />
          </Card>
        </Col>
      </Row>
      <Card title="功能入口" style={{ marginTop: 16 }}>
        <Row gutter={[12, 12]}>
          {groups.map((g) => {
            const first = g.childTree.find((c) => !c.hidden);
            return (
              <Col key={g.id} xs={12} md={8} xl={6}>
                <Card
                  size="small"
                  hoverable
                  onClick={() => first && navigate(first.url)}
                  style={{ textAlign: 'center' }}
                >
                  <Typography.Text strong>{g.name}</Typography.Text>
                  <div style={{ color: '#8c8c8c', fontSize: 12 }}>
                    {g.childTree.filter((c) => !c.hidden).length} 个页面
                  </div>
                </Card>
              </Col>
            );
          })}
        </Row>
      </Card>
    </div>
  );
}
