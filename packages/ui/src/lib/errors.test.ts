import { describe, expect, it } from 'vitest';
import { defaultMessages } from '../i18n/default-messages';
import {
  errorModalKind,
  errorTone,
  formatValidationErrors,
  isRetryableError,
  needsErrorModal,
  offersSupportContact,
  supportMailtoHref,
} from './errors';

describe('error display rules (SPEC section 8)', () => {
  it('maps severity to the snackbar tone', () => {
    expect(errorTone('low')).toBe('info');
    expect(errorTone('medium')).toBe('warning');
    expect(errorTone('high')).toBe('error');
    expect(errorTone('critical')).toBe('error');
  });

  it('offers retry only for the listed codes', () => {
    for (const code of [
      'NET_001',
      'NET_002',
      'SYS_003',
      'SYS_004',
      'EXT_001',
      'EXT_002',
      'FILE_002',
      'FILE_005',
    ]) {
      expect(isRetryableError({ code })).toBe(true);
    }
    expect(isRetryableError({ code: 'SYS_001' })).toBe(false);
    expect(isRetryableError({ code: 'VAL_001' })).toBe(false);
  });

  it('offers support contact for high and critical only', () => {
    expect(offersSupportContact({ severity: 'high' })).toBe(true);
    expect(offersSupportContact({ severity: 'critical' })).toBe(true);
    expect(offersSupportContact({ severity: 'medium' })).toBe(false);
  });

  it('chooses the modal and its title', () => {
    expect(needsErrorModal({ severity: 'medium', category: 'validation' })).toBe(false);
    expect(needsErrorModal({ severity: 'low', category: 'authentication' })).toBe(true);
    expect(needsErrorModal({ severity: 'high', category: 'database' })).toBe(true);
    expect(errorModalKind({ severity: 'critical', category: 'authentication' })).toBe('authentication');
    expect(errorModalKind({ severity: 'critical', category: 'system' })).toBe('critical');
    expect(errorModalKind({ severity: 'high', category: 'system' })).toBe('system');
    expect(errorModalKind({ severity: 'medium', category: 'system' })).toBe('generic');
  });
});

describe('formatValidationErrors', () => {
  const labels = defaultMessages.errors.fieldLabels;
  it('writes label: message per line, keeping unknown fields as they are', () => {
    expect(
      formatValidationErrors(
        [
          { field: 'email', message: '形式が正しくありません' },
          { field: 'due_date', message: '過去の日付は指定できません' },
          { field: 'furigana', message: 'カタカナで入力してください' },
        ],
        labels,
        '入力データに問題があります',
      ),
    ).toEqual([
      'メールアドレス: 形式が正しくありません',
      '期限: 過去の日付は指定できません',
      'furigana: カタカナで入力してください',
    ]);
  });

  it('gives the generic message for an empty list', () => {
    expect(formatValidationErrors([], labels, '入力データに問題があります')).toEqual([
      '入力データに問題があります',
    ]);
  });
});

describe('supportMailtoHref', () => {
  const mail = defaultMessages.errors.supportMail;
  it('drafts a mail with the Japanese subject and code, message and request id', () => {
    const href = supportMailtoHref(
      'support@tsumiki.example',
      { code: 'SYS_001', message: 'サーバーでエラーが発生しました', request_id: 'req_123' },
      mail,
    );
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('support@tsumiki.example');
    expect(url.searchParams.get('subject')).toBe('システムエラー報告');
    const body = url.searchParams.get('body') ?? '';
    expect(body).toContain('エラーコード: SYS_001');
    expect(body).toContain('メッセージ: サーバーでエラーが発生しました');
    expect(body).toContain('リクエストID: req_123');
  });

  it('writes N/A without a request id and a generic body without an error', () => {
    const withoutId = new URL(
      supportMailtoHref('support@tsumiki.example', { code: 'CLIENT_NETWORK', message: 'x' }, mail),
    );
    expect(withoutId.searchParams.get('body')).toContain('リクエストID: N/A');
    const generic = new URL(supportMailtoHref('support@tsumiki.example', null, mail));
    expect(generic.searchParams.get('body')).toBe(mail.genericBody);
  });
});
