import { ToolOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import type { PageInfo } from '../route-table.ts';

/** Pages not built yet say so clearly, inside the layout (issue 3 §1). */
export function PlaceholderPage({ page }: { page: PageInfo }) {
  const navigate = useNavigate();
  return (
    <Card className="placeholder-page">
      <Result
        icon={<ToolOutlined />}
        title={`${page.title} · 建设中`}
        subTitle={`该页面（${page.path}）正在建设中，敬请期待。`}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            返回首页
          </Button>
        }
      />
    </Card>
  );
}
