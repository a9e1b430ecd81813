import { AD_TASK_PERMISSIONS } from '@ec/contract';
import { Button, Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { AD_WORK_PATH } from '../../../../lib/routes.ts';
import { useAdOperator } from '../../access.ts';

/**
 * An advertising field worker's way from the console's 首页 to its phone page (/m/ad): an operator's
 * account that may bind codes and send logs (not the platform's, which reads the operators' tasks).
 */
export function AdWorkEntry() {
  const canWork = useAdOperator(AD_TASK_PERMISSIONS.taskWork);
  const navigate = useNavigate();
  if (!canWork) return null;
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
