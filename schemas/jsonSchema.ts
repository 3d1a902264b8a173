// valibot form schemas -> JSON Schema (OpenAPI 3.1 dialect) for a multipart body, by walking the very
// schema objects the server validates with, so the document cannot drift from the validation.
// @valibot/to-json-schema is not used: our fields are pipes ending in transforms (string -> number,
// parts -> one upload), which it rejects or describes as their input strings. The form parsers of
// fields.ts are recognised by their actions, each of which is the check that gives the type:
//   text()      string                      -> {type: string}
//   integer()   string + check(int_parsing) -> {type: integer}
//   boolean()   string + check(bool_parsing)-> {type: boolean}
//   choice(xs)  string + picklist(xs)       -> {type: string, enum: xs}
//   jsonText(c) string + metadata({json: c})-> {type: string, contentMediaType: application/json, contentSchema: c}
//   files()     array of uploads            -> {type: array, items: {type: string, format: binary}}
//   file()      files() + min_length(1)     -> {type: string, format: binary}
// and v.optional(x, default) around any of them (not required, with the default as sent on the wire).
import type * as v from 'valibot';

export type JsonSchema = Record<string, unknown>;

interface Node {
  type: string;
  entries?: Record<string, Node>;
  wrapped?: Node;
  default?: unknown;
  pipe?: Node[];
  options?: readonly unknown[];
  message?: unknown;
  metadata?: { json?: JsonSchema };
}

const BINARY = { type: 'string', format: 'binary' } as const;

export type FormJsonSchema = JsonSchema & { properties: Record<string, JsonSchema>; required: string[] };

/** The multipart body of an endpoint: one property per form field, in the schema's (= 422) order. */
export function formJsonSchema(schema: v.GenericSchema): FormJsonSchema {
  const root = schema as unknown as Node;
  if (root.type !== 'object' || !root.entries) throw new Error(`Expected an object schema but received ${root.type}`);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, entry] of Object.entries(root.entries)) {
    const { field, optional } = unwrap(entry);
    properties[name] = field;
    if (!optional) required.push(name);
  }
  return { type: 'object', properties, required };
}

function unwrap(node: Node): { field: JsonSchema; optional: boolean } {
  if (node.type === 'optional' && node.wrapped) {
    const field = fieldSchema(node.wrapped, `optional ${node.wrapped.type}`);
    const value = wireDefault(field, node.default);
    return { field: value === undefined ? field : { ...field, default: value }, optional: true };
  }
  return { field: fieldSchema(node, node.type), optional: false };
}

/** Defaults are given as the form strings the server substitutes; show them as the typed value. */
function wireDefault(field: JsonSchema, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (field.type === 'boolean' && typeof value === 'string') return value === 'true';
  if (Array.isArray(value) && value.length === 0) return undefined;
  return value;
}

function fieldSchema(node: Node, where: string): JsonSchema {
  const base = node.pipe?.[0] ?? node;
  const actions = node.pipe?.slice(1) ?? [];
  const has = (type: string, pydantic?: string) =>
    actions.find((a) => a.type === type && (pydantic === undefined || String(a.message).includes(`"type":"${pydantic}"`)));
  if (base.type === 'array') return has('min_length') && has('transform') ? { ...BINARY } : { type: 'array', items: { ...BINARY } };
  if (base.type !== 'string') throw new Error(`Unsupported form field schema: ${where}`);
  const picklist = has('picklist');
  if (picklist) return { type: 'string', enum: [...(picklist.options ?? [])] };
  const json = has('metadata')?.metadata?.json;
  if (json) return { type: 'string', contentMediaType: 'application/json', contentSchema: json };
  if (has('check', 'int_parsing')) return { type: 'integer' };
  if (has('check', 'bool_parsing')) return { type: 'boolean' };
  return { type: 'string' };
}
