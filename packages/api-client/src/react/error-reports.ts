import { mutationOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import type { BodyOf } from './shared';

/** POST /api/errors/report — one client error (critical ones are sent at once). */
export function reportClientErrorMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ['errors', 'report'],
    mutationFn: (body: BodyOf<'reportClientError'>) =>
      unwrap(api.POST('/api/errors/report', { body }), '/api/errors/report'),
  });
}

/** POST /api/errors/report/batch — the queued reports (every 5 minutes and on page unload). */
export function reportClientErrorsMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ['errors', 'report-batch'],
    mutationFn: (body: BodyOf<'reportClientErrors'>) =>
      unwrap(api.POST('/api/errors/report/batch', { body }), '/api/errors/report/batch'),
  });
}
