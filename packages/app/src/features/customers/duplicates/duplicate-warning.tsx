import { Alert, Button } from '@tsumiki/ui';
import { Link } from 'react-router-dom';
import { customerPath } from '../../../app/paths';
import { useFocusWhenShown } from '../../forms/form-failure';
import { customerKana, customerName } from '../customer-fields';
import { type DuplicateCandidate, duplicateFacts, duplicateReasonsText } from './duplicate-text';

export interface DuplicateWarningProps {
  candidates: readonly DuplicateCandidate[];
  saving: boolean;
  /** 「このまま登録する」: saves without asking again. */
  onSaveAnyway: () => void;
}

/**
 * 登録の前に出す重複の警告: 同じ人かもしれない顧客（氏名・フリガナ・診察券番号・生年月日と理由）を示し、
 * その顧客を開くか、このまま登録するかを選んでもらう。出るたびにフォーカスを受け取り、長いフォームの
 * 下にあっても画面に入る（「登録する」を押して何も起きないように見えないように）。
 */
export function DuplicateWarning({ candidates, saving, onSaveAnyway }: DuplicateWarningProps) {
  const ref = useFocusWhenShown<HTMLDivElement>(candidates);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      className="outline-none"
      variant="warning"
      title="重複の可能性があります"
      description="すでに登録されている次の顧客と同じ人かもしれません。同じ人なら、その顧客を開いてください。"
      data-testid="duplicate-warning"
      role="alert"
    >
      <ul className="mt-2 grid gap-2" aria-label="重複の可能性がある顧客">
        {candidates.map(({ customer, reasons }) => (
          <li
            key={customer.id}
            className="grid gap-0.5 rounded-md border border-warning/30 bg-surface p-2 text-foreground"
          >
            <Link
              to={customerPath(customer.id)}
              target="_blank"
              rel="noopener"
              className="font-medium text-primary underline-offset-4 hover:underline break-words"
            >
              {customerName(customer)}（{customerKana(customer)}）を開く
            </Link>
            <span className="text-sm">{duplicateFacts(customer)}</span>
            <span className="text-sm text-muted-foreground">理由: {duplicateReasonsText(reasons)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3">
        <Button type="button" variant="outline" size="sm" onClick={onSaveAnyway} disabled={saving}>
          このまま登録する
        </Button>
      </div>
    </Alert>
  );
}
