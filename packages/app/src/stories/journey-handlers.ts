import type { components } from '@tsumiki/api-client';
import { SAKURA_MATERIAL } from '@tsumiki/api-client/demo';
import { delay, type HttpHandler } from 'msw';
import { page } from './admin-handlers';
import {
  type Customer,
  DEMO_CUSTOMERS,
  DEMO_DOCUMENTS,
  DEMO_NOTIFICATIONS,
  type DocumentRecord,
  demoCustomer,
} from './demo-records';
import { DEMO_INVITATIONS } from './demo-records-admin';
import { dataHandlers, FULL } from './handlers';
import { DEMO_PEOPLE } from './session-fixture';
import { typedHandler } from './typed-handler';

type CustomerInput = components['schemas']['CustomerInput'];

/** The postal-code lookup, answered from the demo's addresses (the same the seed's customers live at). */
export const postalCodeHandler = typedHandler('get', '/api/postal-codes/{postalCode}', ({ params }) => {
  const digits = String(params.postalCode).replace(/\D/g, '');
  const addresses = SAKURA_MATERIAL.addresses
    .filter((address) => address.postalCode.replace('-', '') === digits)
    .map((address) => ({ prefecture: '東京都' as const, city: address.city, town: address.town }));
  return { postal_code: digits, addresses };
});

/**
 * Registering a customer: POST keeps the new customer, and the list and the detail read it back,
 * so the journey ends on the new customer's page as in the app.
 */
export function createCustomerHandlers(): HttpHandler[] {
  const created: Customer[] = [];
  return [
    postalCodeHandler,
    typedHandler('post', '/api/customers', async ({ request }) => {
      const input = (await request.json()) as CustomerInput;
      await delay(200);
      const customer: Customer = {
        ...demoCustomer(DEMO_CUSTOMERS.length),
        ...input,
        id: '00000001-0000-4000-8000-000000000777',
        patient_number: 'P-1037',
        tags: input.tags ?? [],
        assignee_user_id: input.assignee_user_id ?? null,
        assignee_name: input.assignee_user_id === DEMO_PEOPLE.staff.id ? DEMO_PEOPLE.staff.full_name : null,
        created_at: '2026-11-20T00:10:00.000Z',
        updated_at: '2026-11-20T00:10:00.000Z',
      } as Customer;
      created.push(customer);
      return customer;
    }),
    typedHandler('get', '/api/customers/{id}', ({ params }) => {
      const customer = [...created, ...DEMO_CUSTOMERS].find((item) => item.id === params.id);
      return customer ?? new Response(null, { status: 404 });
    }),
  ];
}

/** Marking notifications read: the list, the stats and the bell read back what was marked. */
export function notificationJourneyHandlers(): HttpHandler[] {
  const notifications = DEMO_NOTIFICATIONS.map((item) => ({ ...item }));
  const unread = () => notifications.filter((item) => !item.read).length;
  return [
    typedHandler('post', '/api/notifications/mark-all-as-read', () => {
      const updated = unread();
      for (const item of notifications) {
        item.read = true;
        item.read_at = '2026-11-20T00:20:00.000Z';
      }
      return { updated_count: updated, unread_count: 0 };
    }),
    ...dataHandlers({ ...FULL, notifications }),
  ];
}

/** Inviting a person: the new invitation, with its link, joins the list. */
export function invitationJourneyHandlers(): HttpHandler[] {
  const invitations = [...DEMO_INVITATIONS];
  return [
    typedHandler('post', '/api/invitations/', async ({ request }) => {
      const input = (await request.json()) as components['schemas']['InvitationInput'];
      const invitation = {
        ...DEMO_INVITATIONS[0]!,
        id: '00000009-0000-4000-8000-000000000777',
        email: input.email ?? null,
        role: input.role,
        message: input.message ?? null,
        code: 'SAKURA-9P4M-X7',
        invite_path: '/invite?code=SAKURA-9P4M-X7',
        emailed_at: null,
        created_at: '2026-11-20T00:30:00.000Z',
      };
      invitations.unshift(invitation);
      return invitation;
    }),
    typedHandler('get', '/api/invitations/', () => ({ total: invitations.length, invitations })),
  ];
}

/** How long the uploaded document stays 処理中 before its text is extracted (the screen polls). */
export const EXTRACTION_MS = 2500;

/**
 * Uploading a document as the contract describes it: POST /api/documents/upload (multipart, 201
 * with the saved document, `extraction_status: pending`), then the list reads it back, 処理中
 * until the extraction finishes and `ready` (検索できます) after.
 */
export function uploadJourneyHandlers(): HttpHandler[] {
  const uploaded: { document: DocumentRecord; at: number }[] = [];
  const current = (): DocumentRecord[] => [
    ...uploaded.map(({ document, at }) =>
      Date.now() - at < EXTRACTION_MS
        ? document
        : { ...document, extraction_status: 'ready' as const, page_count: 1 },
    ),
    ...DEMO_DOCUMENTS,
  ];
  return [
    typedHandler('post', '/api/documents/upload', async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file');
      if (!(file instanceof File)) return new Response(null, { status: 422 });
      await delay(300);
      const document: DocumentRecord = {
        ...DEMO_DOCUMENTS[0]!,
        id: '00000005-0000-4000-8000-000000000777',
        folder_id: (form.get('folder_id') as string | null) ?? null,
        file_name: file.name,
        content_type: file.type || 'application/octet-stream',
        size_bytes: file.size,
        tags: [],
        extraction_status: 'pending',
        page_count: null,
        customer_id: null,
        customer_name: null,
        uploaded_by: DEMO_PEOPLE.admin.full_name,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      };
      uploaded.unshift({ document, at: Date.now() });
      return document;
    }),
    typedHandler('get', '/api/documents/', ({ request }) => {
      const { skip, limit } = page(request);
      const documents = current();
      return { total: documents.length, documents: documents.slice(skip, skip + limit) };
    }),
  ];
}
