import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { getPatientNumberSettings, updatePatientNumberSettings } from './customers.numbering';

/** The settings screen's 診察券番号 section: the prefix and width new numbers are written with. */
export function patientNumberSettingsHandlers({ events }: Pick<ModuleDependencies, 'events'>) {
  return {
    async getPatientNumberSettings(_input, { tx }) {
      return { status: 200, body: await getPatientNumberSettings(tx) };
    },

    async updatePatientNumberSettings({ body }, { tx, principal, tenant }) {
      const { settings, changes } = await updatePatientNumberSettings(tx, body);
      if (Object.keys(changes).length > 0) {
        await events.emit(tx, {
          type: 'tenant.patient_numbers_updated',
          actorId: tenant.membership ? principal.userId : null,
          payload: { changes },
        });
      }
      return { status: 200, body: settings };
    },
  } satisfies ModuleHandlers;
}
