import { FontSizeOutlined } from '@ant-design/icons';
import { messages } from '@ec/contract';
import { App, Button, Dropdown } from 'antd';
import { SIZES, type SizeName, updateSettings, useSettings } from '../../settings.ts';

/** Size picker: default, medium, small, mini; remembered in a cookie (doc 000 §2, §9). */
export function SizeSelect() {
  const { size } = useSettings();
  const { message } = App.useApp();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s.value, label: s.label, disabled: s.value === size })),
        onClick: ({ key }) => {
          updateSettings({ size: key as SizeName });
          message.success(messages.sizeSwitched);
        },
      }}
    >
      <Button
        type="text"
        title="布局大小"
        aria-label="布局大小"
        className="size-select"
        icon={<FontSizeOutlined />}
      />
    </Dropdown>
  );
}
