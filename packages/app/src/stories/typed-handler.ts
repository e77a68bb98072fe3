import type { ApiErrorBody, paths } from '@tsumiki/api-client';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';

/**
 * Mock Service Worker handlers typed by the generated contract (`paths` of @tsumiki/api-client):
 * the path must be a path of the contract, the method one of its operations, and the body the
 * operation's success schema (200, else 201). A renamed field or path fails `tsc`
 * (typed-handler.type-test.ts proves it).
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The operation of `path` for `method`, or never when the contract has none. */
type Operation<P extends keyof paths, M extends HttpMethod> = paths[P] extends { [K in M]: infer O }
  ? O extends { responses: unknown }
    ? O
    : never
  : never;

/** The contract's paths that have an operation for `method`. */
export type PathWith<M extends HttpMethod> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P;
}[keyof paths];

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of the operation's success answer (200, else 201; `null` for a 204). */
export type SuccessBody<P extends keyof paths, M extends HttpMethod> = Operation<
  P,
  M
>['responses'] extends infer R
  ? R extends { 200: infer S }
    ? JsonOf<S>
    : R extends { 201: infer S }
      ? JsonOf<S>
      : null
  : never;

export interface ResolverInput {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
}

/** What a resolver may answer: the contract's success body, or any Response (errors, streams). */
export type TypedResolver<P extends keyof paths, M extends HttpMethod> = (
  input: ResolverInput,
) => SuccessBody<P, M> | Response | Promise<SuccessBody<P, M> | Response>;

/** `/api/customers/{id}` in the contract is `/api/customers/:id` for MSW. */
export function mswPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

export function typedHandler<M extends HttpMethod, P extends PathWith<M>>(
  method: M,
  path: P,
  resolver: NoInfer<TypedResolver<P, M>>,
): HttpHandler {
  return http[method](`*${mswPath(path)}`, async ({ request, params }) => {
    const answer = await resolver({ request, params: params as ResolverInput['params'] });
    if (answer instanceof Response) return answer;
    if (answer === null) return new HttpResponse(null, { status: method === 'post' ? 201 : 204 });
    return HttpResponse.json(answer as never, { status: method === 'post' ? 201 : 200 });
  });
}

type ErrorEnvelope = paths['/api/customers']['get']['responses'][403]['content']['application/json'];
type CatalogueEntry = Pick<ApiErrorBody, 'code' | 'category' | 'severity' | 'message' | 'suggestion'>;

/** The catalogue's answers (packages/server/src/platform/error-catalogue.ts) the screens handle. */
export const catalogue = {
  forbidden: {
    code: 'AUTH_004',
    category: 'business_logic',
    severity: 'medium',
    message: 'この操作を実行する権限がありません。',
    suggestion: '必要な権限について管理者にお問い合わせください。',
  },
  featureOff: {
    code: 'FEAT_001',
    category: 'business_logic',
    severity: 'low',
    message: 'この機能は現在のテナントでは利用できません。',
    suggestion: '機能の有効化について管理者にお問い合わせください。',
  },
  notFound: {
    code: 'RES_001',
    category: 'business_logic',
    severity: 'low',
    message: '指定されたデータが見つかりません。',
    suggestion: '一覧画面から選び直してください。',
  },
  server: {
    code: 'SYS_001',
    category: 'system',
    severity: 'high',
    message: 'システムエラーが発生しました。',
    suggestion: '時間をおいて、もう一度お試しください。解決しない場合はサポートにお問い合わせください。',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** An answer in the error envelope (ERRORS.md), as the server sends it. */
export function apiErrorResponse(status: number, entry: CatalogueEntry, path = '/api'): Response {
  const body: ErrorEnvelope = {
    error: { ...entry, timestamp: '2026-11-20T09:00:00.000Z', request_id: 'storybook', path },
  };
  return HttpResponse.json(body, { status });
}

/** The states every screen story can put any operation in. */
export const failures = {
  /** The request never reaches a server (the fetch rejects): what the app calls a network error. */
  network: () => HttpResponse.error(),
  forbidden: () => apiErrorResponse(403, catalogue.forbidden),
  featureOff: () => apiErrorResponse(403, catalogue.featureOff),
  server: () => apiErrorResponse(500, catalogue.server),
} as const;

/** Held: the answer never comes, so the screen stays in its loading state. */
export async function held(): Promise<Response> {
  await delay('infinite');
  return HttpResponse.error();
}

/** Any method and path of the contract answered with one failure (for "everything failed" states). */
export function failing(
  method: HttpMethod,
  path: keyof paths,
  answer: () => Response | Promise<Response>,
): HttpHandler {
  return http[method](`*${mswPath(path)}`, answer);
}
