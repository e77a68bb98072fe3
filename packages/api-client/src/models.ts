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
