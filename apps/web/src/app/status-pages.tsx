import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在。"
      extra={
        <Button type="primary" onClick={() => navigate('/', { replace: true })}>
          返回首页
        </Button>
      }
    />
  );
}

export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle="抱歉，您没有权限访问该页面。"
      extra={[
        <Button key="back" onClick={() => navigate(-1)}>
          返回
        </Button>,
        <Button key="home" type="primary" onClick={() => navigate('/', { replace: true })}>
          返回首页
        </Button>,
      ]}
    />
  );
}
