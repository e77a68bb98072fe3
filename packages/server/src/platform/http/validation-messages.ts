import type { ErrorObject } from 'ajv';
import type { ValidationIssue } from '../errors';
import { PATTERN_MESSAGE } from './request-validation';
import { TEXT_PATTERNS, TOO_DEEP, UNSTORABLE_TEXT } from './request-values';

const TYPE_MESSAGES: Record<string, string> = {
  integer: '整数を入力してください',
  number: '数値を入力してください',
  string: '文字列を入力してください',
  boolean: 'true または false を指定してください',
  array: '一覧の形式で指定してください',
  object: '形式が正しくありません',
  null: '値を指定しないでください',
};

const UNSTORABLE_MESSAGE = '使用できない文字（NUL 文字など）が含まれています';

const FORMAT_MESSAGES: Record<string, string> = {
  'date-time': '日時の形式（例 2026-11-01T09:00:00+09:00）で入力してください',
  date: '日付の形式（例 2026-11-01）で入力してください',
  uuid: 'ID の形式が正しくありません',
  email: 'メールアドレスの形式が正しくありません',
  uri: 'URL の形式が正しくありません',
};

function message(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'minimum':
      return `${params.limit}以上の値を入力してください`;
    case 'maximum':
      return `${params.limit}以下の値を入力してください`;
    case 'exclusiveMinimum':
      return `${params.limit}より大きい値を入力してください`;
    case 'exclusiveMaximum':
      return `${params.limit}より小さい値を入力してください`;
    case 'minLength':
      return params.limit === 1 ? '入力してください' : `${params.limit}文字以上で入力してください`;
    case 'maxLength':
      return `${params.limit}文字以内で入力してください`;
    case 'minProperties':
      return `${params.limit}項目以上指定してください`;
    case 'maxProperties':
      return `${params.limit}項目以内で指定してください`;
    case 'minItems':
      return `${params.limit}件以上指定してください`;
    case 'maxItems':
      return `${params.limit}件以内で指定してください`;
    case 'required':
      return '必須項目です';
    case 'type': {
      const types = String(params.type).split(',');
      return TYPE_MESSAGES[types[0] ?? ''] ?? '形式が正しくありません';
    }
    case 'enum':
      return `次のいずれかを指定してください: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `${String(params.allowedValue)} を指定してください`;
    case 'format':
      return FORMAT_MESSAGES[String(params.format)] ?? '形式が正しくありません';
    case 'pattern': {
      const schema = (error.parentSchema ?? {}) as Record<string, unknown>;
      const explanation = typeof schema[PATTERN_MESSAGE] === 'string' ? schema[PATTERN_MESSAGE] : null;
      // The pattern that states a format's rule says what the format says (one entry, not two).
      const formatMessage = typeof schema.format === 'string' ? FORMAT_MESSAGES[schema.format] : undefined;
      if (formatMessage) return formatMessage;
      // The contract's text patterns (request-values.ts): say which of their rules was broken.
      if (TEXT_PATTERNS.has(String(params.pattern))) {
        const text = typeof error.data === 'string' ? error.data : '';
        if (text.includes('\u0000')) return UNSTORABLE_MESSAGE;
        if (/[/\\]/.test(text)) return explanation ?? '/ と \\ は使えません';
        return '入力してください';
      }
      return explanation ?? '形式が正しくありません';
    }
    case 'additionalProperties':
      return '指定できない項目です';
    case UNSTORABLE_TEXT:
      return UNSTORABLE_MESSAGE;
    case TOO_DEEP:
      return '入れ子が深すぎます';
    default:
      return '入力内容が正しくありません';
  }
}

/** `/a/0/b` → `a.0.b`; `required` and `additionalProperties` name the property themselves. */
function field(error: ErrorObject, declaredNames: ReadonlyMap<string, string>): string {
  const params = error.params as Record<string, unknown>;
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String(params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(params.additionalProperty));
  const name = segments.join('.');
  // Fastify validates headers under lower-case names; report them as the contract spells them.
  return declaredNames.get(name.toLowerCase()) ?? name;
}

/** Ajv errors as the client shows them: one entry per field problem, in Japanese. */
export function toValidationIssues(
  errors: readonly ErrorObject[],
  declaredNames: ReadonlyMap<string, string> = new Map(),
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const issue = { field: field(error, declaredNames), message: message(error) };
    const key = `${issue.field}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}
