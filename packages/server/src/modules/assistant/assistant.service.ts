import { randomUUID } from 'node:crypto';
import type { components } from '@tsumiki/api-client/schema';
import type { Permission } from '../../platform/access/permissions';
import type { AiProvider, ChatMessage, ToolCall } from '../../platform/ai/provider';
import { type InTenant, tenantAi } from '../../platform/ai/tenant-ai';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError } from '../../platform/errors';
import { type AiProgressSink, silentProgress } from '../../platform/http/ai-response';
import type { TextIndex } from '../../platform/search/text-index';
import { rowName } from '../../platform/text/person-name';
import { CustomerNotFoundError, customerInUse } from '../customers';
import {
  exampleQuestions,
  matchIntent,
  SCOPE_TOOLS,
  type ToolName,
  type ToolPlan,
} from './assistant.intents';
import { customerInteractions } from './assistant.person-answers';
import { parseToolCall, TOOL_DEFINITIONS } from './assistant.tool-calls';
import {
  type AiSource,
  type AssistantScope,
  countCustomers,
  countInteractions,
  customerBirthdays,
  listStaff,
  md,
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
  customer_birthdays: ['customers.read'],
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
  customer_birthdays: '誕生日の顧客を調べています',
  search_products: '商品を検索しています',
  list_staff: 'スタッフを調べています',
  search_documents: '文書を検索しています',
};

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
    case 'customer_interactions':
      // Who is meant is resolvePerson's to decide, the same for the intents and a model.
      return customerInteractions(tx, plan.args, (permission) => services.can?.(permission) ?? true);
    case 'count_customers':
      return countCustomers(tx, plan.args);
    case 'customer_birthdays':
      return customerBirthdays(tx, plan.args);
    case 'search_products':
      return searchProducts(tx, plan.args);
    case 'list_staff':
      return listStaff(tx, plan.args);
    case 'search_documents':
      return searchDocuments(tx, services.textIndex, plan.args);
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
    .where(customerInUse('customers'))
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
    .where(customerInUse('customers'))
    .executeTakeFirst();
  if (!customer) throw new CustomerNotFoundError();
  const name = rowName(customer);
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
  '人について聞かれたら customer_interactions で特定してください。同じ名前の方が複数いるときは推測で一人を選ばず、候補（フリガナ・会社・最終対応日）を挙げてどの方か尋ねてください。',
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
    const plans = matchIntent(input.message, input.scope, input.customerId, input.history);
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
