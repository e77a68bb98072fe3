import { Button } from '@tsumiki/ui';
import { ScrollText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { customerAuditLogPath } from '../../app/paths';
import { usePermissions } from '../../features/access/permissions';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';

/** 「この顧客の閲覧・操作履歴」: the access log filtered to this customer, for people with audit.read. */
export function CustomerAuditLink({ customerId }: { customerId: string }) {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!can('audit.read') || !isFeatureEnabled(flags, 'audit_log')) return null;
  return (
    <Button variant="ghost" size="sm" className="w-fit" asChild>
      <Link to={customerAuditLogPath(customerId)}>
        <ScrollText aria-hidden="true" />
        この顧客の閲覧・操作履歴
      </Link>
    </Button>
  );
}
