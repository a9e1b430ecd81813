import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session.ts';

/**
 * The frame of the public pages: product name above a centred card. Plain elements styled with the
 * theme's tokens, not antd's Card and Typography: those pull Tabs, Dropdown and the typography
 * toolkit onto the sign-in page (about 60 KB of gzip JavaScript) for a title and a white box.
 */
export function AuthFrame({
  subtitle,
  children,
  width = 400,
}: {
  subtitle: string;
  children: ReactNode;
  width?: number;
}) {
  const { title } = useSession();
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(160deg, #0b2a4a 0%, #1d4f86 55%, #2d6fb3 100%)',
        fontFamily: token.fontFamily,
      }}
    >
      <h1 style={{ color: '#fff', margin: '0 0 8px', fontSize: 30, fontWeight: 600, letterSpacing: 2 }}>
        {title}
      </h1>
      <div style={{ color: 'rgba(255,255,255,.75)', marginBottom: 24, fontSize: token.fontSize }}>
        电梯安全监管 · 电子维保 · 应急处置
      </div>
      <section
        aria-label={subtitle}
        style={{
          width,
          maxWidth: '100%',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h2
          style={{
            margin: 0,
            padding: '16px 24px',
            fontSize: token.fontSizeLG,
            fontWeight: 600,
            color: token.colorTextHeading,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {subtitle}
        </h2>
        <div style={{ padding: 24 }}>{children}</div>
      </section>
      <div style={{ color: 'rgba(255,255,255,.55)', marginTop: 24, fontSize: 12 }}>
        © {new Date().getFullYear()} {title}
      </div>
    </div>
  );
}
