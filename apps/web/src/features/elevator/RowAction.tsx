import { Button, type ButtonProps } from 'antd';

/** A link-styled button for table rows and alerts (a real button: keyboard and screen readers work). */
export function RowAction({ style, ...props }: Omit<ButtonProps, 'type' | 'size'>) {
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
