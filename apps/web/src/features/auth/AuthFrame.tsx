import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session.ts';

/** The frame of the public pages: product name above a centred card. */
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
      }}
    >
      <Typography.Title level={2} style={{ color: '#fff', marginBottom: 8, letterSpacing: 2 }}>
        {title}
      </Typography.Title>
      <Typography.Text style={{ color: 'rgba(255,255,255,.75)', marginBottom: 24 }}>
        电梯安全监管 · 电子维保 · 应急处置
      </Typography.Text>
      <Card style={{ width, maxWidth: '100%' }} title={subtitle}>
        {children}
      </Card>
      <Typography.Text style={{ color: 'rgba(255,255,255,.55)', marginTop: 24, fontSize: 12 }}>
        © {new Date().getFullYear()} {title}
      </Typography.Text>
    </div>
  );
}
