import { Alert, Button } from '@tsumiki/ui';
import { RotateCw } from 'lucide-react';

/** A read that failed, where its data would be: what failed, why, and 再試行 (never 「データがありません」). */
export function LoadFailed({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert variant="error" title={title}>
      <p className="break-words">{error.message}</p>
      <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        再試行
      </Button>
    </Alert>
  );
}
