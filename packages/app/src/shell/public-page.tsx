import { Card, CardContent, CardHeader, CardTitle, TsumikiBrand } from '@tsumiki/ui';
import type { ReactNode } from 'react';
import { NetworkStatus } from '../errors/network-status';

/** The frame of the public screens (/login, /login-success, /auth/callback): the brand and one card. */
export function PublicPage({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted px-4 py-10">
      <div className="w-full max-w-md">
        <NetworkStatus className="mb-6 rounded-lg border" />
        <div className="mb-6 flex justify-center">
          <TsumikiBrand tagline="クリニックと小さな組織のための業務管理" />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>
              <h1>{heading}</h1>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}
