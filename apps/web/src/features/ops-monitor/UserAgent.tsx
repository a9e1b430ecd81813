import { Typography } from 'antd';

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/MicroMessenger\/(\d+)/, '微信'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari/, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 156 · Linux" from a User-Agent header; the header itself when no browser is recognised. */
export function agentLabel(ua: string): string {
  const browser = BROWSERS.map(([re, name]) => [ua.match(re), name] as const).find(([m]) => m);
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (!browser) return ua;
  const [m, name] = browser;
  return [`${name} ${m?.[1] ?? ''}`.trim(), system].filter(Boolean).join(' · ');
}

/** A session's browser, short, with the whole header on hover. */
export function UserAgent({ ua }: { ua: string | null }) {
  if (!ua) return '—';
  return (
    <Typography.Text type="secondary" title={ua}>
      {agentLabel(ua)}
    </Typography.Text>
  );
}
