import type { ProColumns } from '@ant-design/pro-components';
import { Button, type ButtonProps } from 'antd';
import { forwardRef, type ReactNode } from 'react';

/**
 * A link-styled button for table rows (a real button: keyboard and screen readers reach it).
 * Forwards its ref and props, so that it can be a Dropdown or Popconfirm trigger.
 */
export const RowAction = forwardRef<HTMLButtonElement, Omit<ButtonProps, 'type' | 'size'>>(function RowAction(
  { style, ...rest },
  ref,
) {
  return (
    <Button
      ref={ref}
      type="link"
      size="small"
      style={{ paddingInline: 0, height: 'auto', ...style }}
      {...rest}
    />
  );
});

/**
 * The 操作 column of a ProTable: titled 操作, fixed at the right, never a search field, holding
 * what `render` gives for the row (usually RowActions).
 */
export function actionColumn<T>(width: number, render: (row: T) => ReactNode): ProColumns<T> {
  return {
    title: '操作',
    key: 'actions',
    valueType: 'option',
    fixed: 'right',
    width,
    render: (_, row) => render(row),
  };
}
