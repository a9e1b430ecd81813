import { Button, type ButtonProps, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';

/** A link-styled row button (a real button: keyboard and screen readers work). */
export function RowButton({ style, ...props }: Omit<ButtonProps, 'type' | 'size'>) {
  return (
    <Button
      type="link"
      size="small"
      autoInsertSpace={false}
      style={{ paddingInline: 0, height: 'auto', ...style }}
      {...props}
    />
  );
}

/** A row button that asks first. */
export function ConfirmButton({
  title,
  onConfirm,
  children,
  danger = true,
}: {
  title: string;
  onConfirm: () => unknown;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <Popconfirm title={title} onConfirm={onConfirm} okText="确定" cancelText="取消">
      <RowButton danger={danger}>{children}</RowButton>
    </Popconfirm>
  );
}

export const RowActions = ({ children }: { children: ReactNode }) => <Space size={12}>{children}</Space>;
