import { ApiError } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import { knowledgeUploadFields, serverFieldErrors, validateKnowledgeUpload } from './knowledge-upload';

const pdf = new File(['%PDF-1.7'], '業務委託契約書.pdf', { type: 'application/pdf' });

function apiError(code: string, message: string, validation: { field: string; message: string }[] = []) {
  return new ApiError(422, {
    code,
    category: 'validation',
    severity: 'low',
    message,
    suggestion: '',
    timestamp: '',
    context: null,
    request_id: 'r',
    path: '/api/knowledge/upload',
    validation_errors: validation,
  });
}

describe('knowledge upload form', () => {
  it('requires a file and a title, in Japanese per field', () => {
    expect(validateKnowledgeUpload({ file: null, title: '  ', description: '', tags: [] })).toEqual({
      file: 'ファイルを選んでください。',
      title: '題名を入力してください。',
    });
    expect(
      validateKnowledgeUpload({ file: pdf, title: '業務委託契約書', description: '', tags: [] }),
    ).toEqual({});
  });

  it('sends the tags as a JSON string and leaves empty fields out', () => {
    const fields = knowledgeUploadFields({
      file: pdf,
      title: ' 業務委託契約書 ',
      description: '',
      tags: ['契約', '清掃'],
    });
    expect(fields).toEqual({ file: pdf, title: '業務委託契約書', tags: '["契約","清掃"]' });
  });

  it("puts the server's validation messages under their fields and a refused file under the file", () => {
    expect(
      serverFieldErrors(
        apiError('VAL_001', '入力データに問題があります。', [{ field: 'title', message: '必須です' }]),
      ),
    ).toEqual({
      title: '必須です',
    });
    expect(serverFieldErrors(apiError('FILE_002', 'この形式のファイルは登録できません。'))).toEqual({
      file: 'この形式のファイルは登録できません。',
    });
  });
});
