import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fieldLabels } from '../src/validation';

type Node = Record<string, unknown>;
const document = parse(
  readFileSync(fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url)), 'utf8'),
) as Node;

function resolve(node: unknown): Node | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const ref = (node as Node).$ref;
  if (typeof ref !== 'string') return node as Node;
  let target: unknown = document;
  for (const key of ref.split('/').slice(1)) target = (target as Node)[key];
  return resolve(target);
}

/** Every field a request can carry: parameters (but headers) and request body properties, nested. */
function requestFields(): Map<string, string> {
  const fields = new Map<string, string>();
  const visit = (schema: unknown, where: string, depth = 0) => {
    const node = resolve(schema);
    if (!node || depth > 6) return;
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      for (const part of (node[key] as unknown[] | undefined) ?? []) visit(part, where, depth + 1);
    }
    if (node.items) visit(node.items, where, depth + 1);
    for (const [name, property] of Object.entries((node.properties as Node | undefined) ?? {})) {
      fields.set(name, where);
      visit(property, where, depth + 1);
    }
  };
  for (const pathItem of Object.values(document.paths as Node)) {
    for (const operation of Object.values(pathItem as Node) as Node[]) {
      if (typeof operation?.operationId !== 'string') continue;
      for (const parameter of (operation.parameters as unknown[] | undefined) ?? []) {
        const resolved = resolve(parameter) as { name: string; in: string };
        if (resolved.in !== 'header') fields.set(resolved.name, operation.operationId);
      }
      const content = (resolve(operation.requestBody)?.content as Node | undefined) ?? {};
      for (const media of Object.values(content)) visit((media as Node).schema, operation.operationId);
    }
  }
  return fields;
}

describe('field labels', () => {
  it('has a Japanese label, from the contract, for every field a request can carry', () => {
    const unlabelled = [...requestFields()].filter(([name]) => !fieldLabels[name]);
    expect(unlabelled).toEqual([]);
  });

  it('never shows a key where a label exists', () => {
    for (const label of Object.values(fieldLabels)) expect(label).not.toMatch(/^[a-z_]+$/);
    expect(fieldLabels.last_name_kana).toBe('セイ');
    expect(fieldLabels.assignee_user_id).toBe('担当者');
  });
});
