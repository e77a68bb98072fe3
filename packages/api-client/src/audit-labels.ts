import type { components } from './generated/schema';

type Schemas = components['schemas'];
export type AccessAction = Schemas['AccessAction'];
export type AuditLogEntry = Schemas['AuditLogEntry'];
export type AuditLogVerification = Schemas['AuditLogVerification'];

/**
 * The access log's actions in Japanese: the /audit-log screen, its filter and the server's CSV
 * export read them from here. Typed by the contract's enum: an action added there fails to
 * compile here until it has its label.
 */
export const ACCESS_ACTION_LABELS: Readonly<Record<AccessAction, string>> = {
  'customer.read': '顧客情報の閲覧',
  'customer.create': '顧客の登録',
  'customer.update': '顧客情報の更新',
  'customer.delete': '顧客の削除（ゴミ箱へ）',
  'customer.restore': '顧客の復元',
  'customer.purge': '顧客の完全消去',
  'customer.disclose': '開示データのダウンロード（本人からの請求）',
  'customer.use_stop': '利用停止（本人からの請求）',
  'customer.use_stop_lift': '利用停止の解除',
  'customer.erase': '消去（本人からの請求）',
  'customer.merge': '顧客の統合（名寄せ）',
  'customer.unmerge': '顧客の統合の取り消し',
  'customer.merge_final': '顧客の統合の確定（30 日経過）',
  'interaction.read': '対応履歴の閲覧',
  'interaction.create': '対応履歴の登録',
  'interaction.update': '対応履歴の更新',
  'interaction.delete': '対応履歴の削除',
  'document.read': '文書情報の閲覧',
  'document.download': '文書のダウンロード',
  'document.preview': '文書のプレビュー',
  'document.create': '文書のアップロード',
  'document.update': '文書情報の更新',
  'document.delete': '文書の削除',
  'folder.create': 'フォルダーの作成',
  'folder.update': 'フォルダーの変更',
  'folder.delete': 'フォルダーの削除',
  'product.create': '商品・サービスの登録',
  'product.update': '商品・サービスの更新',
  'product.delete': '商品・サービスの削除',
  'staff.create': 'スタッフの登録',
  'staff.update': 'スタッフ情報の更新',
  'staff.delete': 'スタッフの削除',
  'research.read': '調査レポートの閲覧',
  'research.export': '調査レポートの PDF 出力',
  'research.create': '調査レポートの作成',
  'research.delete': '調査レポートの削除',
  'customers.export': '顧客 CSV の書き出し',
  'customers.import': '顧客 CSV の取り込み',
  'auth.sign_in': 'ログイン',
  'auth.sign_in_failed': 'ログインの失敗',
  'auth.sign_out': 'ログアウト',
  'session.revoked': 'セッションの無効化',
  'permission.changed': '権限の変更',
  'member.changed': 'ユーザーの役割・状態の変更',
  'settings.changed': '設定の変更',
  'invitation.created': '招待の作成',
  'invitation.revoked': '招待の取り消し',
  'mfa.enrolled': '二段階認証の登録',
  'mfa.unenrolled': '二段階認証の削除',
  'mfa.verified': '二段階認証の確認',
  'mfa.verify_failed': '二段階認証の失敗',
  'mfa.recovery_used': 'リカバリーコードの使用',
  'mfa.reset': '二段階認証のリセット',
  'audit.export': '操作ログの書き出し',
  'audit.verified': '操作ログの改ざんチェック',
  'audit.pruned': '保存期間を過ぎた操作ログの削除',
};

/** The kinds of record an access-log row names (`target_type`), in Japanese. */
export const ACCESS_TARGET_LABELS: Readonly<Record<string, string>> = {
  customer: '顧客',
  interaction: '対応履歴',
  document: '文書',
  folder: 'フォルダー',
  product: '商品・サービス',
  staff: 'スタッフ',
  research_report: '調査レポート',
  session: 'セッション',
  user: 'ユーザー',
  invitation: '招待',
  settings: '設定',
};
