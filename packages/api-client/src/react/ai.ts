import { mutationOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { defaultDownloadNames, downloadFile } from '../download';
import { type BodyOf, type TenantId, tenantHeader, tenantKey } from './shared';

/** POST /api/chat */
export function sendChatMessageMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'chat', 'send'],
    mutationFn: (body: BodyOf<'sendChatMessage'>) =>
      unwrap(api.POST('/api/chat', { params: tenantHeader(tenantId), body }), '/api/chat'),
  });
}

/** POST /api/aiassistant/ */
export function askAssistantMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'aiassistant', 'ask'],
    mutationFn: (body: BodyOf<'askAssistant'>) =>
      unwrap(api.POST('/api/aiassistant/', { params: tenantHeader(tenantId), body }), '/api/aiassistant/'),
  });
}

/** POST /api/workflow/create */
export function createWorkflowMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'workflow', 'create'],
    mutationFn: (body: BodyOf<'createWorkflow'>) =>
      unwrap(
        api.POST('/api/workflow/create', { params: tenantHeader(tenantId), body }),
        '/api/workflow/create',
      ),
  });
}

/** POST /api/workflow/review */
export function reviewWorkflowMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'workflow', 'review'],
    mutationFn: (body: BodyOf<'reviewWorkflow'>) =>
      unwrap(
        api.POST('/api/workflow/review', { params: tenantHeader(tenantId), body }),
        '/api/workflow/review',
      ),
  });
}

/** POST /api/workflow/optimize */
export function optimizeWorkflowMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'workflow', 'optimize'],
    mutationFn: (body: BodyOf<'optimizeWorkflow'>) =>
      unwrap(
        api.POST('/api/workflow/optimize', { params: tenantHeader(tenantId), body }),
        '/api/workflow/optimize',
      ),
  });
}

/** POST /api/marketing/customer-analysis */
export function analyzeCustomersForMarketingMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'marketing', 'customer-analysis'],
    mutationFn: (body: BodyOf<'analyzeCustomersForMarketing'>) =>
      unwrap(
        api.POST('/api/marketing/customer-analysis', { params: tenantHeader(tenantId), body }),
        '/api/marketing/customer-analysis',
      ),
  });
}

/** POST /api/marketing/campaign-proposal */
export function proposeCampaignMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'marketing', 'campaign-proposal'],
    mutationFn: (body: BodyOf<'proposeCampaign'>) =>
      unwrap(
        api.POST('/api/marketing/campaign-proposal', { params: tenantHeader(tenantId), body }),
        '/api/marketing/campaign-proposal',
      ),
  });
}

/** POST /api/marketing/competitor-analysis */
export function analyzeCompetitorsMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'marketing', 'competitor-analysis'],
    mutationFn: (body: BodyOf<'analyzeCompetitors'>) =>
      unwrap(
        api.POST('/api/marketing/competitor-analysis', { params: tenantHeader(tenantId), body }),
        '/api/marketing/competitor-analysis',
      ),
  });
}

/** POST /api/marketing/content-calendar */
export function planContentCalendarMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'marketing', 'content-calendar'],
    mutationFn: (body: BodyOf<'planContentCalendar'>) =>
      unwrap(
        api.POST('/api/marketing/content-calendar', { params: tenantHeader(tenantId), body }),
        '/api/marketing/content-calendar',
      ),
  });
}

/** POST /api/marketing/advertising-check */
export function checkAdvertisingMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'marketing', 'advertising-check'],
    mutationFn: (body: BodyOf<'checkAdvertising'>) =>
      unwrap(
        api.POST('/api/marketing/advertising-check', { params: tenantHeader(tenantId), body }),
        '/api/marketing/advertising-check',
      ),
  });
}

/** POST /api/research/customer */
export function researchCustomerMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'research', 'customer'],
    mutationFn: (body: BodyOf<'researchCustomer'>) =>
      unwrap(
        api.POST('/api/research/customer', { params: tenantHeader(tenantId), body }),
        '/api/research/customer',
      ),
  });
}

/** POST /api/research/customer/{id} — research on a customer already in the list */
export function researchExistingCustomerMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'research', 'existing-customer'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'researchExistingCustomer'> }) =>
      unwrap(
        api.POST('/api/research/customer/{id}', {
          params: { ...tenantHeader(tenantId), path: { id } },
          body,
        }),
        '/api/research/customer/{id}',
      ),
  });
}

/** POST /api/research/competitor */
export function researchCompetitorsMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'research', 'competitor'],
    mutationFn: (body: BodyOf<'researchCompetitors'>) =>
      unwrap(
        api.POST('/api/research/competitor', { params: tenantHeader(tenantId), body }),
        '/api/research/competitor',
      ),
  });
}

/** POST /api/research/customer/pdf — `{ blob, filename }` (default 顧客調査レポート.pdf). */
export function exportCustomerResearchPdfMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'research', 'customer-pdf'],
    mutationFn: (body: BodyOf<'exportCustomerResearchPdf'>) =>
      downloadFile(
        api.POST('/api/research/customer/pdf', { params: tenantHeader(tenantId), body, parseAs: 'blob' }),
        defaultDownloadNames.customerResearch,
        '/api/research/customer/pdf',
      ),
  });
}

/** POST /api/research/competitor/pdf — `{ blob, filename }` (default 競合分析レポート.pdf). */
export function exportCompetitorResearchPdfMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'research', 'competitor-pdf'],
    mutationFn: (body: BodyOf<'exportCompetitorResearchPdf'>) =>
      downloadFile(
        api.POST('/api/research/competitor/pdf', { params: tenantHeader(tenantId), body, parseAs: 'blob' }),
        defaultDownloadNames.competitorAnalysis,
        '/api/research/competitor/pdf',
      ),
  });
}
