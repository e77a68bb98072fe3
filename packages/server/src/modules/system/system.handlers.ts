import type { components } from '@tsumiki/api-client/schema';
import { pingDatabase } from '../../platform/db/database';
import { DatabaseUnavailableError } from '../../platform/errors';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';

/** Health and the contract itself. */
export function systemHandlers({ db, document }: ModuleDependencies) {
  return {
    async getHealth() {
      try {
        await pingDatabase(db);
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
      return { status: 200, body: { status: 'ok', database: 'ok' } };
    },

    async getOpenApiDocument() {
      return { status: 200, body: document as components['schemas']['OpenApiDocument'] };
    },
  } satisfies ModuleHandlers;
}
