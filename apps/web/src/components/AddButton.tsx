import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** A list's primary 新增… button, for table toolbars. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  );
}
