import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

/** The frame of the screens before login: the product name over one centred form. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <main className="auth-screen">
      <Card className="auth-card" variant="borderless">
        <Typography.Title level={3} className="auth-card-title">
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="auth-card-subtitle">
          {subtitle}
        </Typography.Paragraph>
        {children}
      </Card>
    </main>
  );
}
