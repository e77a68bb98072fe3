import { type components, GENDER_LABELS, MERGE_FIELD_LABELS } from '@tsumiki/api-client';
import { customerKana, customerName } from '../customer-fields';
import { birthDateLabel } from '../patient-card';

type Customer = components['schemas']['Customer'];
export type MergeKeep = NonNullable<components['schemas']['CustomerMergeInput']['keep']>;
export type MergeField = keyof MergeKeep;

const FIELDS = Object.keys(MERGE_FIELD_LABELS) as MergeField[];

function addressOf(customer: Customer): string {
  return [
    customer.postal_code ? `〒${customer.postal_code}` : null,
    customer.prefecture,
    customer.city,
    customer.address_line,
  ]
    .filter(Boolean)
    .join(' ');
}

/** A field of a customer as the merge dialog shows it ('' when empty). */
export function mergeFieldText(customer: Customer, field: MergeField): string {
  switch (field) {
    case 'name':
      return customerName(customer);
    case 'reading':
      return customerKana(customer);
    case 'birth_date':
      return birthDateLabel(customer.birth_date) ?? '';
    case 'gender':
      return customer.gender ? GENDER_LABELS[customer.gender] : '';
    case 'phone':
      return customer.phone ?? '';
    case 'email':
      return customer.email ?? '';
    case 'address':
      return addressOf(customer);
  }
}

/** The fields whose values differ between the two records: the ones a person chooses. */
export function differingFields(kept: Customer, merged: Customer): MergeField[] {
  return FIELDS.filter((field) => mergeFieldText(kept, field) !== mergeFieldText(merged, field));
}

/**
 * The merge's choices: where the kept record has nothing and the other has something, the other's
 * value is proposed; everything else keeps the kept record's value.
 */
export function defaultKeep(kept: Customer, merged: Customer): MergeKeep {
  const keep: MergeKeep = {};
  for (const field of differingFields(kept, merged)) {
    if (mergeFieldText(kept, field) === '' && mergeFieldText(merged, field) !== '') keep[field] = 'merged';
  }
  return keep;
}
