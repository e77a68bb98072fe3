/**
 * Requests the contract calls valid, built the way a client that knows only the contract builds
 * them: every parameter and body from its schema (contract-values.ts), a JSON body or a
 * multipart form as declared, `Content-Type: application/json` on every call — bodyless ones
 * too, as the specification has clients do — and the signed-in admin's token and tenant.
 */
import fc from 'fast-check';
import {
  type OpenApiDocument,
  type OperationPolicy,
  TENANT_HEADER,
  TENANT_PATH_PARAMETER,
} from '../../src/platform/http/openapi';
import { ContractValues } from './contract-values';
import { encodeText, operationShape, type RequestCase, resolveSchema } from './request-cases';

export interface ValidCaseContext {
  token: string;
  tenantId: string;
  knownIds: string[];
}

type Schema = Record<string, unknown>;

function parameterTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(parameterTexts);
  if (value === null || value === undefined) return [];
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

/** A multipart/form-data body: file fields as files, the others as text fields. */
function multipartPayload(
  form: Record<string, unknown>,
  schema: Schema,
): { payload: string; contentType: string } {
  const boundary = `----contract${Math.random().toString(16).slice(2)}`;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const pieces: string[] = [];
  for (const [name, value] of Object.entries(form)) {
    const property = properties[name] ?? {};
    const isFile =
      property.format === 'binary' || (property.items as Schema | undefined)?.format === 'binary';
    for (const item of Array.isArray(value) && isFile ? value : [value]) {
      const text = typeof item === 'string' ? item : JSON.stringify(item);
      pieces.push(
        isFile
          ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="file.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${text}\r\n`
          : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`,
      );
    }
  }
  pieces.push(`--${boundary}--\r\n`);
  return { payload: pieces.join(''), contentType: `multipart/form-data; boundary=${boundary}` };
}

export class ValidRequests {
  private readonly values: ContractValues;

  constructor(
    private readonly document: OpenApiDocument,
    private readonly context: ValidCaseContext,
  ) {
    this.values = new ContractValues(document, context);
  }

  forOperation(policy: OperationPolicy, runs: number, seed: number): RequestCase[] {
    return fc.sample(this.requests(policy), { seed, numRuns: runs });
  }

  private requests(policy: OperationPolicy): fc.Arbitrary<RequestCase> {
    const shape = operationShape(this.document, policy);
    const operation = (this.document.paths[policy.path] as Record<string, Schema>)[
      policy.method.toLowerCase()
    ];
    const content = ((operation?.requestBody as Schema | undefined)?.content ?? {}) as Record<string, Schema>;
    const formSchema = content['multipart/form-data']?.schema
      ? resolveSchema(this.document, content['multipart/form-data'].schema)
      : null;
    const parameters = shape.parameters.filter((parameter) => parameter.in !== 'cookie');
    const parameterValues = fc.tuple(
      ...parameters.map((parameter) => {
        if (parameter.in === 'path' && parameter.name === TENANT_PATH_PARAMETER) {
          return fc.constant<unknown>(this.context.tenantId);
        }
        if (parameter.in === 'header' && parameter.name.toLowerCase() === TENANT_HEADER.toLowerCase()) {
          // Absent means the user's first tenant: this one.
          return fc.constantFrom<unknown>(undefined, this.context.tenantId);
        }
        const value = this.values.value(parameter.schema);
        return parameter.required ? value : fc.option(value, { nil: undefined });
      }),
    );
    const body: fc.Arbitrary<{ kind: 'json' | 'form'; value: unknown } | null> = shape.body?.schema
      ? shape.body.required
        ? this.values.value(shape.body.schema).map((value) => ({ kind: 'json' as const, value }))
        : fc.option(
            this.values.value(shape.body.schema).map((value) => ({ kind: 'json' as const, value })),
            { nil: null },
          )
      : formSchema
        ? this.values.value(formSchema).map((value) => ({ kind: 'form' as const, value }))
        : fc.constant(null);
    return fc.tuple(parameterValues, body).map(([values, requestBody]) => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${this.context.token}`,
        // As the specification has clients do: JSON on every call, bodyless ones too.
        'content-type': 'application/json',
      };
      const query: string[] = [];
      let path = policy.path;
      parameters.forEach((parameter, index) => {
        const value = values[index];
        if (value === undefined) return;
        const texts = parameterTexts(value);
        if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeText(texts.join(',')));
        else if (parameter.in === 'query') {
          for (const text of texts) query.push(`${encodeText(parameter.name)}=${encodeText(text)}`);
        } else headers[parameter.name.toLowerCase()] = texts.join(',');
      });
      let payload = '';
      if (requestBody?.kind === 'json') payload = JSON.stringify(requestBody.value);
      else if (requestBody?.kind === 'form' && formSchema) {
        const form = multipartPayload(requestBody.value as Record<string, unknown>, formSchema);
        payload = form.payload;
        headers['content-type'] = form.contentType;
      }
      return {
        method: policy.method,
        url: `${path}${query.length > 0 ? `?${query.join('&')}` : ''}`,
        headers,
        payload,
        mutations: [],
        offRoute: false,
      };
    });
  }
}
