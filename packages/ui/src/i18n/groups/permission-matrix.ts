import type { Messages } from '../messages';

/** The Japanese defaults of the `permissionMatrix` labels. */
export const permissionMatrixMessages: Messages['permissionMatrix'] = {
  resourceHeader: '対象',
  cellLabel: (resource, action) => `${resource}の${action}`,
  granted: '許可',
  denied: '不許可',
  notApplicable: '対象外',
  differsFromDefault: '既定と異なる',
  differsLegend: '印のある項目は既定と異なる設定です',
};
