import { isJsonObject, parseJson } from '../../platform/ai/model-json';
import type { ToolCall, ToolDefinition } from '../../platform/ai/provider';
import { SCOPE_TOOLS, type ToolName, type ToolPlan } from './assistant.intents';
import { type AssistantScope, BIRTHDAY_PERIODS, INTERACTION_TYPES, PERIODS } from './assistant.tools';

/**
 * The assistant's queries as a model sees them: each tool's JSON schema and description, and a
 * model's call checked back into a plan of the scope's tools (what it may not run is answered to
 * it as an error, never run).
 */

const PERIOD_SCHEMA = {
  type: 'string',
  enum: [...PERIODS],
  description: '期間（テナントのタイムゾーン。週は月曜始まり）',
};

export const TOOL_DEFINITIONS: Record<ToolName, ToolDefinition> = {
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
    description:
      '顧客を名前・フリガナ・会社名・電話・メール・診察券番号で検索する（最大 5 名。診察券番号・生年月日・性別も返す）',
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
    description:
      '顧客を名前（姓・名・フルネーム・フリガナ。「さん」などの敬称や「佐藤工務店の木村さん」の会社名も可）または会社名で特定し、その最近の対応を返す。status が ambiguous のときは同じ名前の方が複数いるため対応は返さない: 一人を選ばず、candidates を示してどの方かユーザーに尋ねること',
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
  customer_birthdays: {
    name: 'customer_birthdays',
    description:
      '期間（今日・今週・今月・来月）に誕生日を迎える顧客を日付順に返す（最大 30 名と総数。何歳の誕生日か、診察券番号も）',
    parameters: {
      type: 'object',
      properties: {
        period: { ...PERIOD_SCHEMA, enum: [...BIRTHDAY_PERIODS] },
      },
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

/** A model's tool call as a plan of the scope's tools, or the reason it cannot run. */
export function parseToolCall(call: ToolCall, scope: AssistantScope): ToolPlan | string {
  if (!(SCOPE_TOOLS[scope] as readonly string[]).includes(call.name))
    return `使えないツールです: ${call.name}`;
  const parsed = parseJson(call.arguments || '{}');
  if (!parsed.ok) return '引数が JSON ではありません';
  if (!isJsonObject(parsed.value)) return '引数はオブジェクトで指定してください';
  const args = parsed.value;
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
    case 'customer_birthdays': {
      const p = (BIRTHDAY_PERIODS as readonly unknown[]).includes(args.period)
        ? (args.period as (typeof BIRTHDAY_PERIODS)[number])
        : null;
      return p ? { tool: 'customer_birthdays', args: { period: p } } : 'period が正しくありません';
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
