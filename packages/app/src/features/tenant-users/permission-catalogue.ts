import {
  contractEnums,
  PERMISSION_ACTION_LABELS,
  PERMISSION_RESOURCE_LABELS,
  type Permission,
} from '@tsumiki/api-client';

/**
 * The permission matrix's rows, columns and cells, from the contract's Permission enum and the
 * shared Japanese labels: a permission added to the contract appears here by itself.
 */
export const PERMISSION_RESOURCES = Object.entries(PERMISSION_RESOURCE_LABELS).map(([key, label]) => ({
  key,
  label,
}));

export const PERMISSION_ACTIONS = Object.entries(PERMISSION_ACTION_LABELS).map(([key, label]) => ({
  key,
  label,
}));

export const ALL_PERMISSIONS: readonly Permission[] = contractEnums.Permission;

/** Keeps the contract's permissions of `values`, in the contract's order (for sending and comparing). */
export function toPermissions(values: readonly string[]): Permission[] {
  const chosen = new Set(values);
  return ALL_PERMISSIONS.filter((permission) => chosen.has(permission));
}

/** Whether two permission lists grant the same, whatever their order. */
export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((permission) => right.has(permission));
}
