import { isApiError } from '@tsumiki/api-client';
import { Alert, Button } from '@tsumiki/ui';
import { useEffect, useRef, useState } from 'react';
import { fieldLabel } from '../forms/field-rules';
import type { Customer } from './customer-fields';
import {
  type ConflictResolution,
  type CustomerFormValues,
  describeStoredValue,
  formValuesFromCustomer,
  resolveConflict,
} from './customer-form';

export type CustomerConflictState = ConflictResolution & { latest: Customer };

/**
 * The customer the form edits, and what to do when someone else saved it first (409 RES_003): the
 * form keeps the user's changes, takes the rest from the latest, and says where the two differ.
 */
export function useCustomerConflict(initial: Customer | null) {
  const [base, setBase] = useState<Customer | null>(initial);
  const [conflict, setConflict] = useState<CustomerConflictState | null>(null);

  /** After a refused save: the merged values when someone saved first, else null. */
  const resolveFailure = (
    error: unknown,
    submitted: Customer | null,
    values: CustomerFormValues,
  ): CustomerFormValues | null => {
    if (!isApiError(error)) return null;
    const latest = error.body.context?.current as Customer | undefined;
    if (error.status !== 409 || error.code !== 'RES_003' || !latest || !submitted) return null;
    const resolution = resolveConflict(submitted, latest, values);
    setBase(latest);
    setConflict({ ...resolution, latest });
    return resolution.values;
  };

  /** 最新の内容を読み込む: the latest as the form's new start; its values, null without a conflict. */
  const takeLatest = (): CustomerFormValues | null => {
    if (!conflict) return null;
    setBase(conflict.latest);
    setConflict(null);
    return formValuesFromCustomer(conflict.latest);
  };

  return { base, conflict, resolveFailure, takeLatest, dismiss: () => setConflict(null) };
}

export interface CustomerConflictAlertProps {
  conflict: CustomerConflictState;
  assigneeName: (id: string) => string | undefined;
  /** The overwrite (an update) is running. */
  overwriting: boolean;
  saving: boolean;
  onOverwrite: () => void;
  onLoadLatest: () => void;
}

/** The differences, side by side, and the two ways on; takes the focus each time it says something new. */
export function CustomerConflictAlert({
  conflict,
  assigneeName,
  overwriting,
  saving,
  onOverwrite,
  onLoadLatest,
}: CustomerConflictAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (conflict) ref.current?.focus();
  }, [conflict]);

  return (
    <div ref={ref} tabIndex={-1} className="outline-none" data-testid="customer-conflict">
      <Alert
        variant="warning"
        title="ほかの人がこの顧客を先に更新しました"
        description="あなたの入力はそのまま残っています。違いを確かめて、どちらを残すか選んでください。"
      >
        {conflict.conflicts.length > 0 ? (
          <dl className="mt-2 grid gap-2">
            {conflict.conflicts.map((item) => (
              <div key={item.field} className="grid gap-0.5 rounded-md bg-surface/70 p-2 text-foreground">
                <dt className="font-semibold">{item.label}</dt>
                <dd className="break-words">
                  <span className="text-muted-foreground">ほかの人: </span>
                  {describeStoredValue(item.field, item.theirs, assigneeName)}
                </dd>
                <dd className="break-words">
                  <span className="text-muted-foreground">あなた: </span>
                  {describeStoredValue(item.field, item.yours, assigneeName)}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-1">あなたが変えた項目とほかの人の更新は重なっていません。</p>
        )}
        {conflict.takenFromLatest.length > 0 && (
          <p className="mt-2">
            ほかの人が変えた次の項目は最新の内容にしました:{' '}
            {conflict.takenFromLatest.map(fieldLabel).join('、')}
          </p>
        )}
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <Button type="button" size="sm" loading={overwriting} onClick={onOverwrite}>
            自分の内容で上書き
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={saving} onClick={onLoadLatest}>
            最新の内容を読み込む
          </Button>
        </div>
      </Alert>
    </div>
  );
}
