import { Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { RowAction } from '../../components/RowAction.tsx';

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
      <RowAction danger={danger}>{children}</RowAction>
    </Popconfirm>
  );
}

export const RowActions = ({ children }: { children: ReactNode }) => <Space size={12}>{children}</Space>;
