import { Card, CardContent, CardHeader, CardTitle, Chip, Link as TextLink } from '@tsumiki/ui';
import type { ReactNode } from 'react';
import { type Customer, NO_ASSIGNEE } from '../../features/customers/customer-fields';
import { birthDateLabel, genderLabel } from '../../features/customers/patient-card';
import { fieldLabel } from '../../features/forms/field-rules';
import { formatTenantDateTime } from '../../lib/format';

/** A row of the profile; an unset value says `empty` (未登録 unless the field words it otherwise). */
function ProfileRow({
  label,
  children,
  empty: emptyText = '未登録',
}: {
  label: string;
  children: ReactNode;
  empty?: string;
}) {
  const empty = children === null || children === undefined || children === false || children === '';
  return (
    <div className="contents">
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">
        {empty ? <span className="text-muted-foreground">{emptyText}</span> : children}
      </dd>
    </div>
  );
}

export function CustomerProfile({ customer, className }: { customer: Customer; className?: string }) {
  const address = [customer.prefecture, customer.city, customer.address_line].filter(Boolean).join(' ');
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>
          <h2>基本情報</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 text-sm lg:grid-cols-1 xl:grid-cols-[7rem_minmax(0,1fr)]">
          <ProfileRow label={fieldLabel('patient_number')}>
            <span className="tabular-nums" data-testid="customer-patient-number">
              {customer.patient_number}
            </span>
          </ProfileRow>
          <ProfileRow label={fieldLabel('birth_date')}>
            {customer.birth_date && (
              <time dateTime={customer.birth_date} data-testid="customer-birth-date">
                {birthDateLabel(customer.birth_date)}
              </time>
            )}
          </ProfileRow>
          <ProfileRow label={fieldLabel('gender')}>{genderLabel(customer.gender)}</ProfileRow>
          <ProfileRow label={fieldLabel('company_name')}>
            {customer.company_name && (
              <>
                {customer.company_name}
                {customer.company_name_kana && (
                  <span className="block text-xs text-muted-foreground">{customer.company_name_kana}</span>
                )}
              </>
            )}
          </ProfileRow>
          <ProfileRow label={fieldLabel('email')}>
            {customer.email && (
              <TextLink href={`mailto:${customer.email}`} className="break-all">
                {customer.email}
              </TextLink>
            )}
          </ProfileRow>
          <ProfileRow label={fieldLabel('phone')}>
            {customer.phone && (
              <TextLink href={`tel:${customer.phone.replace(/[^\d+]/gu, '')}`} className="tabular-nums">
                {customer.phone}
              </TextLink>
            )}
          </ProfileRow>
          <ProfileRow label="住所">
            {(customer.postal_code || address) && (
              <>
                {customer.postal_code && <span className="block tabular-nums">〒{customer.postal_code}</span>}
                {address}
              </>
            )}
          </ProfileRow>
          <ProfileRow label={fieldLabel('assignee_user_id')} empty={NO_ASSIGNEE}>
            {customer.assignee_name}
          </ProfileRow>
          <ProfileRow label={fieldLabel('tags')}>
            {customer.tags.length > 0 && (
              <ul className="flex flex-wrap gap-1.5" aria-label="タグ">
                {customer.tags.map((tag) => (
                  <li key={tag}>
                    <Chip size="sm">{tag}</Chip>
                  </li>
                ))}
              </ul>
            )}
          </ProfileRow>
          <ProfileRow label={fieldLabel('notes')}>
            {customer.notes && <span className="leading-[1.7] whitespace-pre-wrap">{customer.notes}</span>}
          </ProfileRow>
          <ProfileRow label="登録日時">
            <time dateTime={customer.created_at} className="tabular-nums">
              {formatTenantDateTime(customer.created_at)}
            </time>
          </ProfileRow>
          <ProfileRow label="更新日時">
            <time dateTime={customer.updated_at} className="tabular-nums">
              {formatTenantDateTime(customer.updated_at)}
            </time>
          </ProfileRow>
        </dl>
      </CardContent>
    </Card>
  );
}
