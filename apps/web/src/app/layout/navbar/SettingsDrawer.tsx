import { SettingOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Divider, Drawer, Flex, Switch, Tooltip, Typography } from 'antd';
import { DEFAULT_SETTINGS, updateSettings, useSettings } from '../../settings.ts';

const PRESET_COLORS = [
  '#1890ff',
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#f5222d',
  '#722ed1',
  '#2f54eb',
  '#304156',
];

/** Theme colour through antd tokens: no stylesheet is fetched from anywhere. */
export function ThemePicker() {
  const { theme } = useSettings();
  return (
    <ColorPicker
      value={theme}
      disabledAlpha
      presets={[{ label: '推荐', colors: PRESET_COLORS }]}
      onChangeComplete={(c) => updateSettings({ theme: c.toHexString() })}
    >
      <Button type="text" title="主题色" aria-label="主题色" className="theme-picker">
        <span
          style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: theme }}
        />
      </Button>
    </ColorPicker>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** Settings panel: theme, fixed header, sidebar logo, tags view (doc 000 §2, §9). */
export function SettingsButton() {
  const settings = useSettings();
  return (
    <>
      <Tooltip title="系统布局配置">
        <Button
          type="text"
          aria-label="系统布局配置"
          icon={<SettingOutlined />}
          onClick={() => updateSettings({ showSettings: true })}
        />
      </Tooltip>
      <Drawer
        title="系统布局配置"
        open={settings.showSettings}
        width={300}
        onClose={() => updateSettings({ showSettings: false })}
      >
        <Row label="主题色">
          <ThemePicker />
        </Row>
        <Divider />
        <Row label="开启 Tags-View">
          <Switch checked={settings.tagsView} onChange={(tagsView) => updateSettings({ tagsView })} />
        </Row>
        <Row label="固定 Header">
          <Switch
            checked={settings.fixedHeader}
            onChange={(fixedHeader) => updateSettings({ fixedHeader })}
          />
        </Row>
        <Row label="侧边栏 Logo">
          <Switch
            checked={settings.sidebarLogo}
            onChange={(sidebarLogo) => updateSettings({ sidebarLogo })}
          />
        </Row>
        <Divider />
        <Button
          block
          onClick={() =>
            updateSettings({
              theme: DEFAULT_SETTINGS.theme,
              tagsView: DEFAULT_SETTINGS.tagsView,
              fixedHeader: DEFAULT_SETTINGS.fixedHeader,
              sidebarLogo: DEFAULT_SETTINGS.sidebarLogo,
            })
          }
        >
          恢复默认
        </Button>
      </Drawer>
    </>
  );
}
