import { useMutation, useQuery } from '@tanstack/react-query';
import { MERGE_FIELD_LABELS, MERGE_UNDO_DAYS } from '@tsumiki/api-client';
import { customerQueryOptions, mergeCustomersMutationOptions } from '@tsumiki/api-client/react';
import { ConfirmDialog } from '@tsumiki/ui';
import { useEffect, useState } from 'react';
import { useTenantApi } from '../../../app/use-tenant-api';
import { customerName } from '../customer-fields';
import type { DuplicateSummary } from './duplicate-text';
import { defaultKeep, differingFields, type MergeKeep, mergeFieldText } from './merge-choices';

type Merged = { keptId: string; mergedId: string; keptName: string };

export interface MergeDialogProps {
  /** The pair to merge; null when closed. */
  pair: { first: DuplicateSummary; second: DuplicateSummary } | null;
  onClose: () => void;
  onMerged: (merged: Merged) => void;
}

/**
 * 「統合する」: 残す顧客を選び、値が違う項目ごとにどちらの値を残すかを選ぶ。もう一方の対応履歴・文書・
 * 調査レポートは残す顧客に移り、30 日以内なら元に戻せる。
 */
export function MergeDialog({ pair, onClose, onMerged }: MergeDialogProps) {
  const { api, tenantId } = useTenantApi();
  const [keptId, setKeptId] = useState<string | null>(null);
  const [keep, setKeep] = useState<MergeKeep>({});
  const first = useQuery({
    ...customerQueryOptions(api, tenantId, pair?.first.id ?? ''),
    enabled: pair !== null,
  });
  const second = useQuery({
    ...customerQueryOptions(api, tenantId, pair?.second.id ?? ''),
    enabled: pair !== null,
  });
  const merge = useMutation({
    ...mergeCustomersMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });

  const pairKey = pair ? `${pair.first.id}:${pair.second.id}` : null;
  useEffect(() => {
    // A new pair starts from the earlier registered record.
    setKeptId(pairKey ? (pairKey.split(':')[0] ?? null) : null);
    merge.reset();
  }, [pairKey, merge.reset]);

  const records = first.data && second.data ? [first.data, second.data] : null;
  const kept = records?.find((record) => record.id === keptId) ?? null;
  const other = records?.find((record) => record.id !== keptId) ?? null;
  useEffect(() => {
    if (kept && other) setKeep(defaultKeep(kept, other));
  }, [kept, other]);
  const fields = kept && other ? differingFields(kept, other) : [];

  return (
    <ConfirmDialog
      open={pair !== null}
      onOpenChange={(open) => !open && onClose()}
      title="2 人の顧客を統合する"
      description={`残す顧客を選んでください。もう一方の対応履歴・文書・調査レポートは残す顧客に移ります。${MERGE_UNDO_DAYS} 日以内なら元に戻せます。`}
      confirmLabel="統合する"
      onConfirm={async () => {
        if (!kept || !other) return;
        await merge.mutateAsync({ id: kept.id, body: { merged_id: other.id, keep } });
        onMerged({ keptId: kept.id, mergedId: other.id, keptName: customerName(kept) });
      }}
    >
      {records === null ? (
        <p className="text-sm text-muted-foreground">読み込んでいます…</p>
      ) : (
        <div className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">残す顧客</legend>
            {records.map((record) => (
              <label key={record.id} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="merge-kept"
                  className="mt-1"
                  checked={record.id === keptId}
                  onChange={() => setKeptId(record.id)}
                />
                <span>
                  {customerName(record)}（診察券番号 {record.patient_number}）
                </span>
              </label>
            ))}
          </fieldset>
          {kept && other && fields.length > 0 ? (
            fields.map((field) => (
              <fieldset key={field} className="grid gap-1">
                <legend className="mb-1 text-sm font-semibold">{MERGE_FIELD_LABELS[field]}</legend>
                {(['kept', 'merged'] as const).map((side) => (
                  <label key={side} className="flex items-start gap-2 text-sm">
                    <input
                      type="radio"
                      name={`merge-${field}`}
                      className="mt-1"
                      checked={(keep[field] ?? 'kept') === side}
                      onChange={() => setKeep((current) => ({ ...current, [field]: side }))}
                    />
                    <span className="break-words">
                      {mergeFieldText(side === 'kept' ? kept : other, field) || '（空）'}
                    </span>
                  </label>
                ))}
              </fieldset>
            ))
          ) : (
            <p className="text-sm text-muted-foreground">2 人の項目の値はすべて同じです。</p>
          )}
          {merge.isError ? (
            <p role="alert" className="text-sm text-error">
              {merge.error.message}
            </p>
          ) : null}
        </div>
      )}
    </ConfirmDialog>
  );
}
