import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';

/**
 * A detail page's answer when its record is missing or out of the user's reach (or the link lacks
 * its id): the reason, and a way back — to `back` when given, else to the previous page.
 */
export function NotFoundCard({
  title,
  subTitle,
  back,
}: {
  title: string;
  subTitle?: string;
  back?: { label: string; path: string };
}) {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="404"
        title={title}
        subTitle={subTitle}
        extra={
          back ? (
            <Button type="primary" onClick={() => navigate(back.path)}>
              {back.label}
            </Button>
          ) : (
            <Button onClick={() => navigate(-1)}>返回</Button>
          )
        }
      />
    </Card>
  );
}
