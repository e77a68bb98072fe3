import type { components } from './generated/schema';

type Schemas = components['schemas'];

export type CurrentUser = Schemas['CurrentUser'];
export type TenantInfo = Schemas['TenantInfo'];
export type FeatureFlags = Schemas['FeatureFlags'];
export type Customer = Schemas['Customer'];
export type Interaction = Schemas['Interaction'];
export type Role = Schemas['Role'];
export type Permission = Schemas['Permission'];
export type Feature = Schemas['Feature'];
export type Invitation = Schemas['Invitation'];
export type InvitationPreview = Schemas['InvitationPreview'];
export type TenantUser = Schemas['TenantUser'];
export type StaffMember = Schemas['StaffMember'];
export type Document = Schemas['Document'];
export type DocumentDetail = Schemas['DocumentDetail'];
export type DocumentSearchHit = Schemas['DocumentSearchHit'];
export type Folder = Schemas['Folder'];
export type FolderDetail = Schemas['FolderDetail'];
export type KnowledgeDocument = Schemas['KnowledgeDocument'];
export type KnowledgeChatMessage = Schemas['KnowledgeChatMessage'];
export type KnowledgeSource = Schemas['KnowledgeSource'];
export type KnowledgePassage = Schemas['KnowledgePassage'];
export type AiMode = Schemas['AiMode'];
