import type { components } from './generated/schema';

type Schemas = components['schemas'];

/**
 * The contract's words about people and access in Japanese: roles, permissions, features,
 * invitation and membership states, staff fields. The app's screens and the server's messages
 * read them from here, so every place says the same word. Typed by the contract's enums: a value
 * added there fails to compile here until it has its label.
 */

export const ROLE_LABELS: Readonly<Record<Schemas['Role'], string>> = {
  admin: '管理者',
  staff: 'スタッフ',
  user: '一般',
};

/** What each role is for, shown where a role is chosen. */
export const ROLE_DESCRIPTIONS: Readonly<Record<Schemas['Role'], string>> = {
  admin: 'すべての操作と、ユーザー・招待・機能の設定の管理ができます。',
  staff: '顧客・対応履歴・文書の登録と編集、AI の利用ができます。削除と管理の操作はできません。',
  user: '顧客・対応履歴・文書などを見ることができます（自分の通知の既読のみ変更できます）。',
};

type Permission = Schemas['Permission'];
type PermissionResource = Permission extends `${infer Resource}.${string}` ? Resource : never;
type PermissionAction = Permission extends `${string}.${infer Action}` ? Action : never;

/** The resource half of a permission (`customers` of customers.read), as the matrix's rows. */
export const PERMISSION_RESOURCE_LABELS: Readonly<Record<PermissionResource, string>> = {
  customers: '顧客',
  interactions: '対応履歴',
  products: '商品・サービス',
  documents: '文書・フォルダー',
  staff: 'スタッフ',
  invitations: '招待',
  tenant_users: 'ユーザー',
  notifications: '自分の通知',
  knowledge: 'ナレッジベース',
  ai: 'AI 機能',
  research: 'AI 調査（レポート）',
  settings: '機能とセキュリティの設定',
  audit: '操作ログ',
  privacy: '本人からの請求（開示・利用停止・消去）',
};

/** The action half of a permission, as the matrix's columns. */
export const PERMISSION_ACTION_LABELS: Readonly<Record<PermissionAction, string>> = {
  read: '閲覧',
  write: '登録・編集',
  delete: '削除',
  use: '利用',
  manage: '管理',
};

/** A permission in words: 「顧客の閲覧」. */
export function permissionLabel(permission: Permission): string {
  const [resource, action] = permission.split('.') as [PermissionResource, PermissionAction];
  return `${PERMISSION_RESOURCE_LABELS[resource]}の${PERMISSION_ACTION_LABELS[action]}`;
}

/** Features as the settings screen names them (the sidebar items they govern). */
export const FEATURE_LABELS: Readonly<Record<Schemas['Feature'], string>> = {
  customers: '顧客管理',
  products: '商品管理',
  documents: 'AI文書管理',
  chat: 'AIチャット',
  staff_chat: 'AIアシスタント',
  deep_research: 'AIインテリジェンス',
  legal_check: 'AI法務チェック・ナレッジベースAI',
  marketing_ai: 'マーケティングAI',
  workflow_ai: 'ワークフローAI',
  staff_management: 'スタッフ管理',
  tenant_users: 'ユーザー管理',
  notifications: '通知',
  invitations: '招待管理',
  session_management: 'セッション管理',
  audit_log: '操作ログ',
};

/** The two-factor policies as the settings screen offers them. */
export const MFA_POLICY_LABELS: Readonly<Record<Schemas['MfaPolicy'], string>> = {
  off: '不要',
  admins: '管理者のみ必須',
  everyone: '全員必須',
};

export const INVITATION_STATUS_LABELS: Readonly<Record<Schemas['InvitationStatus'], string>> = {
  pending: '有効',
  used: '使用済み',
  expired: '期限切れ',
  revoked: '取り消し',
};

export const MEMBERSHIP_STATUS_LABELS: Readonly<Record<Schemas['MembershipStatus'], string>> = {
  active: '有効',
  inactive: '無効',
};

export const STAFF_STATUS_LABELS: Readonly<Record<Schemas['StaffStatus'], string>> = {
  active: '在籍',
  on_leave: '休職中',
  retired: '退職',
};

export const EMPLOYMENT_TYPE_LABELS: Readonly<Record<Schemas['EmploymentType'], string>> = {
  full_time: '正社員',
  part_time: 'パート・アルバイト',
  contract: '契約社員',
  temporary: '派遣',
  outsourced: '業務委託',
  other: 'その他',
};
