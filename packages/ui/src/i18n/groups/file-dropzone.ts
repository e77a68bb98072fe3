import type { Messages } from '../messages';

/** The Japanese defaults of the `fileDropzone` labels. */
export const fileDropzoneMessages: Messages['fileDropzone'] = {
  prompt: 'ここにファイルをドラッグ＆ドロップ',
  browse: 'ファイルを選択',
  constraints: (types, maxSize) =>
    [types ? `対応形式: ${types}` : null, maxSize ? `最大 ${maxSize}` : null].filter(Boolean).join('・'),
  remove: (fileName) => `${fileName} を取り消す`,
  retry: (fileName) => `（${fileName}）`,
  uploading: 'アップロード中',
  done: '完了',
  failed: '失敗',
  errors: {
    FILE_TOO_LARGE: 'ファイルサイズが大きすぎます',
    INVALID_FILE_TYPE: 'サポートされていないファイル形式です',
  },
};
