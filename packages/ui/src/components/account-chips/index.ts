export { PlanChip, type PlanChipProps, RoleChip, type RoleChipProps } from './account-chips';
