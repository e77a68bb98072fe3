import { GENDER_LABELS } from '@tsumiki/api-client';
import type { ValidateFunction } from 'ajv';
import type { ValidationIssue } from '../../platform/errors';
import { toValidationIssues } from '../../platform/http/validation-messages';
import { birthDateProblem, type CustomerFields } from './customers.service';

/**
 * The rules one imported row must meet, in one place for the small import of the app's preview
 * and the background import of a file: the contract's `CustomerInput` (checked by `validate`),
 * 性別 named by its Japanese labels, and a birth date not in the future nor before 1873.
 */

/** 性別 as people write it: the labels (男性、女性 …), never the codes. */
export const GENDER_MESSAGE = `${Object.values(GENDER_LABELS).join('・')} のいずれかを入力してください`;

export type RowCheck = { fields: CustomerFields; errors: [] } | { fields: null; errors: ValidationIssue[] };

/** One row's shape checked against CustomerInput; 性別's problem said with the labels. */
export function checkRowShape(validate: ValidateFunction, row: unknown, today: string): RowCheck {
  const candidate = structuredClone(row);
  const errors: ValidationIssue[] = [];
  if (!validate(candidate)) {
    for (const issue of toValidationIssues(validate.errors ?? [])) {
      errors.push(issue.field === 'gender' ? { field: 'gender', message: GENDER_MESSAGE } : issue);
    }
  } else {
    const problem = birthDateProblem((candidate as CustomerFields).birth_date, today);
    if (problem) errors.push({ field: 'birth_date', message: problem });
  }
  const unique = errors.filter(
    (issue, index) =>
      errors.findIndex((other) => other.field === issue.field && other.message === issue.message) === index,
  );
  return unique.length === 0
    ? { fields: candidate as CustomerFields, errors: [] }
    : { fields: null, errors: unique };
}
