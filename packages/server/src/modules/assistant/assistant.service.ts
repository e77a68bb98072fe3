import { randomUUID } from 'node:crypto';
import type { components } from '@tsumiki/api-client/schema';
import type { Permission } from '../../platform/access/permissions';
import type { AiProvider, ChatMessage, ToolCall, ToolDefinition } from '../../platform/ai/provider';
import { type InTenant, tenantAi } from '../../platform/ai/tenant-ai';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError } from '../../platform/errors';
import { type AiProgressSink, silentProgress } from '../../platform/http/ai-response';
import type { TextIndex } from '../../platform/search/text-index';
import { CustomerNotFoundError } from '../customers/customers.service';
import {
  exampleQuestions,
  matchIntent,
  SCOPE_TOOLS,
  type ToolName,
  type ToolPlan,
} from './assistant.intents';
import {
  type AiSource,
  type AssistantScope,
  countCustomers,
  countInteractions,
  INTERACTION_TYPES,
  listStaff,
  md,
  PERIODS,
  recentInteractions,
  searchCustomers,
  searchDocuments,
  searchProducts,
  type ToolResult,
} from './assistant.tools';

export type ChatReply = components['schemas']['ChatReply'];
type ChatTurn = components['schemas']['ChatTurn'];

export interface AssistantServices {
  ai: AiProvider;
  textIndex: TextIndex;
  /**
   * Whether the asking user holds a permission. The assistant reads nothing the user could not
   * open on its own screen: a query whose data needs a permission they lack answers that it may
   * not, to the offline path and to a model alike. Absent: every permission (tests of the tools).
   */
  can?: (permission: Permission) => boolean;
}

/** The permission each query's data needs (what its own screen asks for). */
const TOOL_PERMISSIONS: Record<ToolPlan['tool'], readonly Permission[]> = {
  count_interactions: ['interactions.read'],
  search_customers: ['customers.read'],
  recent_interactions: ['customers.read', 'interactions.read'],
  customer_interactions: ['customers.read', 'interactions.read'],
  count_customers: ['customers.read'],
  search_products: ['products.read'],
  list_staff: ['staff.read'],
  search_documents: ['documents.read'],
};

/** History sent to a model: the client sends at most 20 turns; the model sees these. */
const MAX_HISTORY = 20;
/** Model → tools → model rounds before the model must answer. */
const MAX_TOOL_ROUNDS = 4;

const TOOL_LABELS: Record<ToolName, string> = {
  count_interactions: '対応件数を数えています',
  search_customers: '顧客を検索しています',
  recent_interactions: '最近の対応を集めています',
  customer_interactions: '顧客の対応履歴を集めています',
  count_customers: '顧客数を数えています',
  search_products: '商品を検索しています',
  list_staff: 'スタッフを調べています',
  search_documents: '文書を検索しています',
};

const PERIOD_SCHEMA = {
  type: 'string',
  enum: [...PERIODS],
  description: '期間（テナントのタイムゾーン。週は月曜始まり）',
};

const TOOL_DEFINITIONS: Record<ToolName, ToolDefinition> = {
  count_interactions: {
    name: 'count_interactions',
    description: '期間内の対応（電話・メール・来院・面談など）の件数を種類別に数え、最近のものを返す',
    parameters: {
      type: 'object',
      properties: { period: PERIOD_SCHEMA, type: { type: 'string', enum: INTERACTION_TYPES } },
      required: ['period'],
      additionalProperties: false,
    },
  },
  search_customers: {
    name: 'search_customers',
    description: '顧客を名前・フリガナ・会社名・電話・メールで検索する（最大 5 名）',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1, maxLength: 100 } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  recent_interactions: {
    name: 'recent_interactions',
    description: '最近の対応を新しい順に返す。customer_id を指定するとその顧客の対応だけ',
    parameters: {
      type: 'object',
      properties: {
        customer_id: { type: 'string', format: 'uuid' },
        limit: { type: 'integer', minimum: 1, maximum: 20 },
      },
      additionalProperties: false,
    },
  },
  customer_interactions: {
    name: 'customer_interactions',
    description: '名前で顧客を探し、その顧客の最近の対応を返す',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1, maxLength: 100 } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  count_customers: {
    name: 'count_customers',
    description: '顧客数を数える。period=all で全体、それ以外はその期間に登録された新規顧客',
    parameters: {
      type: 'object',
      properties: { period: PERIOD_SCHEMA },
      required: ['period'],
      additionalProperties: false,
    },
  },
  search_products: {
    name: 'search_products',
    description: '商品・サービスを名前などで検索し、それを扱った対応の件数と顧客数を返す',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1, maxLength: 100 } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  list_staff: {
    name: 'list_staff',
    description: 'スタッフの一覧と連絡先。query を指定すると名前・部署などで絞る',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', maxLength: 100 } },
      additionalProperties: false,
    },
  },
  search_documents: {
    name: 'search_documents',
    description: '文書（AI文書管理）の本文・ファイル名・説明をキーワードで検索する',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1, maxLength: 200 } },
      required: ['query'],
      additionalProperties: false,
    },
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Runs one query of the plan in the caller's (short, tenant-scoped) transaction. */
export async function runTool(
  tx: TenantTransaction,
  services: AssistantServices,
  plan: ToolPlan,
): Promise<ToolResult> {
  const missing = TOOL_PERMISSIONS[plan.tool].filter((permission) => !(services.can?.(permission) ?? true));
  if (missing.length > 0) {
    return {
      markdown: `この情報を見る権限がありません（必要な権限: ${missing.join('、')}）。必要な場合は管理者にお問い合わせください。`,
      data: { error: 'permission_denied', missing_permissions: missing },
      sources: [],
    };
  }
  switch (plan.tool) {
    case 'count_interactions':
      return countInteractions(tx, plan.args);
    case 'search_customers':
      return searchCustomers(tx, plan.args);
    case 'recent_interactions':
      return recentInteractions(tx, plan.args);
    case 'customer_interactions': {
      const customers = await searchCustomers(tx, plan.args);
      const first = customers.sources[0];
      if (!first?.id) return customers;
      const recent = await recentInteractions(tx, { customer_id: first.id, limit: 5 });
      const others =
        customers.sources.length > 1
          ? `\n\nほかに当てはまる顧客:\n${customers.sources
              .slice(1)
              .map((source) => `- [${md(source.title)}](${source.url})`)
              .join('\n')}`
          : '';
      return {
        markdown: `[${md(first.title)}](${first.url}) さんの${recent.markdown}${others}`,
        data: { customers: customers.data, interactions_of_first: recent.data },
        sources: [first, ...recent.sources, ...customers.sources.slice(1)],
      };
    }
    case 'count_customers':
      return countCustomers(tx, plan.args);
    case 'search_products':
      return searchProducts(tx, plan.args);
    case 'list_staff':
      return listStaff(tx, plan.args);
    case 'search_documents':
      return searchDocuments(tx, services.textIndex, plan.args);
  }
}

/** A model's tool call as a plan of the scope's tools, or the reason it cannot run. */
export function parseToolCall(call: ToolCall, scope: AssistantScope): ToolPlan | string {
  if (!(SCOPE_TOOLS[scope] as readonly string[]).includes(call.name))
    return `使えないツールです: ${call.name}`;
  let args: Record<string, unknown>;
  try {
    const parsed = JSON.parse(call.arguments || '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return '引数はオブジェクトで指定してください';
    args = parsed as Record<string, unknown>;
  } catch {
    return '引数が JSON ではありません';
  }
  const text = (key: string, required: boolean, max = 200): string | undefined | null => {
    const value = args[key];
    if (value === undefined || value === null || value === '') return required ? null : undefined;
    return typeof value === 'string' && value.length <= max ? value : null;
  };
  const period = (): (typeof PERIODS)[number] | null =>
    (PERIODS as readonly unknown[]).includes(args.period) ? (args.period as (typeof PERIODS)[number]) : null;
  switch (call.name as ToolName) {
    case 'count_interactions': {
      const p = period();
      const type = args.type;
      if (!p) return 'period が正しくありません';
      if (type !== undefined && type !== null && !(INTERACTION_TYPES as unknown[]).includes(type))
        return 'type が正しくありません';
      return {
        tool: 'count_interactions',
        args: { period: p, ...(type ? { type: type as (typeof INTERACTION_TYPES)[number] } : {}) },
      };
    }
    case 'count_customers': {
      const p = period();
      return p ? { tool: 'count_customers', args: { period: p } } : 'period が正しくありません';
    }
    case 'recent_interactions': {
      const customerId = args.customer_id;
      if (
        customerId !== undefined &&
        customerId !== null &&
        !(typeof customerId === 'string' && UUID.test(customerId))
      )
        return 'customer_id が正しくありません';
      const limit =
        typeof args.limit === 'number' && Number.isInteger(args.limit)
          ? Math.min(Math.max(args.limit, 1), 20)
          : undefined;
      return {
        tool: 'recent_interactions',
        args: { ...(customerId ? { customer_id: customerId as string } : {}), ...(limit ? { limit } : {}) },
      };
    }
    case 'list_staff': {
      const query = text('query', false, 100);
      if (query === null) return 'query が正しくありません';
      return { tool: 'list_staff', args: query ? { query } : {} };
    }
    case 'search_customers':
    case 'customer_interactions':
    case 'search_products':
    case 'search_documents': {
      const query = text('query', true);
      if (!query) return 'query を指定してください';
      return { tool: call.name as 'search_customers', args: { query } };
    }
    default:
      return `使えないツールです: ${call.name}`;
  }
}

function dedupe(sources: AiSource[]): AiSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => {
    const key = `${source.type}:${source.id ?? source.url ?? source.title}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface AskInput {
  message: string;
  history: readonly ChatTurn[];
  scope: AssistantScope;
  /** The customer a chat is about (its data is the context and a source). */
  customerId: string | null;
}

interface CustomerContext {
  source: AiSource;
  /** The customer's facts and recent interactions, for the model. */
  facts: string;
  /** Shown offline when the question is not one the data answers. */
  markdown: string;
  recent: ToolResult;
}

/** 404 unless the customer is a live customer of the tenant (checked before a stream starts). */
export async function assertChatCustomer(tx: TenantTransaction, customerId: string): Promise<void> {
  const found = await tx
    .selectFrom('customers')
    .select('id')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!found) throw new CustomerNotFoundError();
}

async function loadCustomerContext(tx: TenantTransaction, customerId: string): Promise<CustomerContext> {
  const customer = await tx
    .selectFrom('customers')
    .select([
      'id',
      'last_name',
      'first_name',
      'last_name_kana',
      'first_name_kana',
      'company_name',
      'phone',
      'email',
      'tags',
      'notes',
    ])
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!customer) throw new CustomerNotFoundError();
  const name = `${customer.last_name} ${customer.first_name}`;
  const recent = await recentInteractions(tx, { customer_id: customer.id, limit: 10 });
  const source: AiSource = {
    type: 'customer',
    id: customer.id,
    title: name,
    excerpt: [customer.company_name, customer.phone, customer.email].filter(Boolean).join(' / ') || null,
    url: `/customers/${customer.id}`,
  };
  const facts = JSON.stringify({
    id: customer.id,
    name,
    kana: `${customer.last_name_kana} ${customer.first_name_kana}`,
    company: customer.company_name,
    phone: customer.phone,
    email: customer.email,
    tags: customer.tags,
    notes: customer.notes,
    recent_interactions: recent.data,
  });
  const details = [
    customer.company_name ? `- 会社: ${md(customer.company_name)}` : null,
    customer.phone ? `- 電話: ${md(customer.phone)}` : null,
    customer.email ? `- メール: ${md(customer.email)}` : null,
    customer.tags.length ? `- タグ: ${customer.tags.map(md).join('、')}` : null,
  ].filter(Boolean);
  const markdown = [
    `**[${md(name)}](/customers/${customer.id})** さんの登録内容と最近の対応です。`,
    '',
    ...details,
    '',
    recent.markdown,
  ].join('\n');
  return { source, facts, markdown, recent };
}

function offlineHelp(scope: AssistantScope): string {
  return [
    'AI サービスが設定されていないため、登録データから集計・検索できる質問にだけお答えできます。',
    'この質問には、データから確かな答えを出せませんでした（推測ではお答えしません）。',
    '',
    'お答えできる質問の例:',
    ...exampleQuestions(scope).map((example) => `- ${example}`),
  ].join('\n');
}

const SYSTEM_PROMPT = [
  'あなたは小規模クリニック向け業務システム「Tsumiki」の社内アシスタントです。日本語で簡潔に答えてください。',
  '数字や事実は、必ずツールで取得したこのテナントのデータだけに基づいてください。データにないことは「分かりません」と答え、推測で作らないでください。',
  '回答は Markdown で書き、根拠にした顧客・商品・文書の名前を挙げてください。',
].join('\n');

/**
 * One answer of the assistant (and of the chat: same path, scope `all`, optionally about a
 * customer). Offline: the intent matcher picks queries, their results are the answer and its
 * sources. With a provider: the model calls the same queries as tools (read-only, each in its own
 * short tenant transaction), at most MAX_TOOL_ROUNDS rounds, and its final text streams as delta.
 */
export async function askAssistant(
  inTenant: InTenant,
  services: AssistantServices,
  input: AskInput,
  sink: AiProgressSink = silentProgress,
): Promise<ChatReply> {
  const reply = (content: string, mode: 'openai' | 'offline', sources: AiSource[]): ChatReply => ({
    id: randomUUID(),
    role: 'assistant',
    content,
    mode,
    sources: dedupe(sources),
    created_at: new Date().toISOString(),
  });

  let context: CustomerContext | null = null;
  if (input.customerId) {
    const step = sink.step('customer', '顧客の情報を読み込んでいます');
    context = await inTenant((tx) => loadCustomerContext(tx, input.customerId as string));
    step.done();
  }

  const ai = tenantAi(services.ai, inTenant);
  if (!ai.chat) {
    const plans = matchIntent(input.message, input.scope, input.customerId);
    if (!plans) {
      if (context) {
        sink.delta(context.markdown);
        return reply(context.markdown, 'offline', [context.source, ...context.recent.sources]);
      }
      const content = offlineHelp(input.scope);
      sink.delta(content);
      return reply(content, 'offline', [
        { type: 'user_input', id: null, title: '質問', excerpt: input.message, url: null },
      ]);
    }
    const parts: string[] = [];
    const sources: AiSource[] = context ? [context.source] : [];
    for (const plan of plans) {
      const step = sink.step(`tool:${plan.tool}`, TOOL_LABELS[plan.tool]);
      const result = await inTenant((tx) => runTool(tx, services, plan));
      step.done();
      parts.push(result.markdown);
      sources.push(...result.sources);
    }
    if (sources.length === 0)
      sources.push({ type: 'user_input', id: null, title: '質問', excerpt: input.message, url: null });
    const content = parts.join('\n\n');
    sink.delta(content);
    return reply(content, 'offline', sources);
  }

  const tools = SCOPE_TOOLS[input.scope].map((name) => TOOL_DEFINITIONS[name]);
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    ...(context
      ? [
          {
            role: 'system' as const,
            content: `この会話の話題の顧客（このテナントの登録データ）:\n${context.facts}`,
          },
        ]
      : []),
    ...input.history.slice(-MAX_HISTORY).map((turn) => ({ role: turn.role, content: turn.content })),
    { role: 'user', content: input.message },
  ];
  const sources: AiSource[] = context ? [context.source] : [];
  let content = '';
  for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
    const step = round === 0 ? null : sink.step(`answer:${round}`, '回答を書いています');
    let calls: ToolCall[] = [];
    let written = '';
    const options = {
      ...(round < MAX_TOOL_ROUNDS ? { tools } : {}),
      ...(sink.signal ? { signal: sink.signal } : {}),
    };
    for await (const event of ai.chat.run(messages, options)) {
      if (event.type === 'text') {
        written += event.text;
        sink.delta(event.text);
      } else calls = [...calls, ...event.calls];
    }
    step?.done();
    content += written;
    if (calls.length === 0) break;
    messages.push({ role: 'assistant', content: written, toolCalls: calls });
    for (const call of calls) {
      const plan = parseToolCall(call, input.scope);
      if (typeof plan === 'string') {
        messages.push({ role: 'tool', toolCallId: call.id, content: JSON.stringify({ error: plan }) });
        continue;
      }
      const toolStep = sink.step(`tool:${plan.tool}:${call.id}`, TOOL_LABELS[plan.tool]);
      const result = await inTenant((tx) => runTool(tx, services, plan));
      toolStep.done();
      sources.push(...result.sources);
      messages.push({ role: 'tool', toolCallId: call.id, content: JSON.stringify(result.data) });
    }
  }
  // A model that wrote nothing (or only asked for tools until the rounds ran out) did not answer.
  if (content.trim() === '') {
    throw new AppError('EXT_002', { context: { reason: 'AI サービスの応答に本文がありませんでした' } });
  }
  if (sources.length === 0)
    sources.push({ type: 'user_input', id: null, title: '質問', excerpt: input.message, url: null });
  return reply(content, 'openai', sources);
}
