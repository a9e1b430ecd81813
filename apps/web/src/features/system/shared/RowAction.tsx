import { Button, type ButtonProps } from 'antd';
import { forwardRef } from 'react';

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
