import type { Messages } from '../messages';

/** The Japanese defaults of the `tagInput` labels. */
export const tagInputMessages: Messages['tagInput'] = {
  hint: '入力して Enter で追加、Backspace で最後のタグを削除',
  listLabel: '追加したタグ',
  remove: (tag) => `${tag} を削除`,
  added: (tag) => `${tag} を追加しました`,
  removed: (tag) => `${tag} を削除しました`,
  duplicate: (tag) => `${tag} はすでに追加されています`,
  limit: (max) => `タグは ${max} 個までです`,
  tooLong: (max) => `タグは 1 つ ${max} 文字以内です`,
};
