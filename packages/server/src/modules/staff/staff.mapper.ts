import type { components } from '@tsumiki/api-client/schema';
import { publicRecord } from '../../platform/db/public-record';
import type { StaffView } from './staff.repository';

/** A staff member as the contract shows it (no tenant id or bookkeeping, ISO times). */
export function toStaffMember(staff: StaffView): components['schemas']['StaffMember'] {
  return publicRecord(staff);
}
