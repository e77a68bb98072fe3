import type { components } from './generated/schema';

type Schemas = components['schemas'];

export type CurrentUser = Schemas['CurrentUser'];
export type TenantInfo = Schemas['TenantInfo'];
export type FeatureFlags = Schemas['FeatureFlags'];
export type Customer = Schemas['Customer'];
export type Interaction = Schemas['Interaction'];
