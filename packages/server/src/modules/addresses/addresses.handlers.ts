import { NotFoundError } from '../../platform/errors';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { lookupPostalCode, normalizePostalCode } from './postal-codes';

/** Addresses from postal codes, from Japan Post's data shipped with the server. */
export function addressesHandlers(_dependencies: ModuleDependencies) {
  return {
    async lookupPostalCode({ params }) {
      const code = normalizePostalCode(params.postalCode);
      const addresses = code ? await lookupPostalCode(code) : [];
      if (!code || addresses.length === 0) {
        throw new NotFoundError('postal_code', {
          message: 'この郵便番号の住所が見つかりません。',
          suggestion: '郵便番号を確かめるか、住所を直接入力してください。',
        });
      }
      return { status: 200, body: { postal_code: code, addresses } };
    },
  } satisfies ModuleHandlers;
}
