/**
 * The request generator of the API fuzz test (issue 9 item 3): reads the OpenAPI document the API
 * serves, builds a plausible request for every operation (path, query, header and body values
 * sampled from each schema, with known-good values for the fields that lead deeper into the
 * flows: a real cart, product, address, order) and derives hostile variants of it, one input at a
 * time: a NUL byte inside a string, a 1 MB string, wrong types, out-of-range numbers, and
 * malformed bodies. Deterministic: every random choice comes from a seeded generator.
 */

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` distinct items of `items` picked with `random` (all of them when there are fewer). */
export function sample<T>(items: readonly T[], n: number, random: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (pool.length > 0 && out.length < n) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

/** The part of a JSON schema (OpenAPI 3.1) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  minItems?: number;
  pattern?: string;
}

/** One parameter of an operation. */
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** One operation of the OpenAPI document. */
export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, string[]>>;
}

/** The OpenAPI document (only what the fuzz test reads). */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** An operation with its path and upper-case method. */
export interface Operation {
  method: string;
  path: string;
  op: OpenApiOperation;
}

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) out.push({ method: method.toUpperCase(), path, op });
  }
  return out;
}

/** The first alternative of a union schema, or the schema itself. */
function firstOption(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/**
 * A valid-looking value for `schema`: `known(name)` when it knows the field, else the enum's or
 * const's first value, the default, or a small value of the schema's type (every property of an
 * object, one item of an array).
 */
export function sampleValue(schema: JsonSchema, name: string, known: (name: string) => unknown): unknown {
  const k = known(name);
  if (k !== undefined) return k;
  const s = firstOption(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = sampleValue(prop, key, known);
      return out;
    }
    case 'array':
      return [sampleValue(s.items ?? {}, name, known)];
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return false;
    default:
      return 'x';
  }
}

/** A place a hostile value can go. */
export type Slot =
  | { in: 'path' | 'query' | 'header'; name: string }
  | { in: 'body'; path: Array<string | number> };

/** A readable name of a slot: `path:code`, `query:lang`, `body:entries[0].qty`. */
export function slotName(slot: Slot): string {
  if (slot.in !== 'body') return `${slot.in}:${slot.name}`;
  let out = '';
  for (const p of slot.path) out += typeof p === 'number' ? `[${p}]` : out === '' ? p : `.${p}`;
  return `body:${out}`;
}

/** The body slots of a sampled body: every property and array item, up to `depth` levels down. */
export function bodySlots(value: unknown, depth = 3, prefix: Array<string | number> = []): Slot[] {
  if (depth === 0 || value === null || typeof value !== 'object') return [];
  const out: Slot[] = [];
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, v] of entries) {
    const path = [...prefix, key];
    out.push({ in: 'body', path });
    out.push(...bodySlots(v, depth - 1, path));
  }
  return out;
}

/** A deep copy of `value` with `replacement` at `path`. */
export function setAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...(value as unknown[])];
    copy[head as number] = setAt(copy[head as number], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  copy[head as string] = setAt(copy[head as string], rest, replacement);
  return copy;
}

/**
 * A hostile value for one slot: `raw` in a header or a form field and (percent-encoded) in a URL,
 * `url` instead when given (put in the URL verbatim: malformed percent escapes, invalid UTF-8),
 * `json` in a JSON body.
 */
export interface Mutation {
  name: string;
  raw: string;
  url?: string;
  json: unknown;
}

/** `m` as it goes into a URL path segment or query value. */
export function urlValue(m: Pick<Mutation, 'raw' | 'url'>): string {
  return m.url ?? encodeURIComponent(m.raw);
}

/** About 1 MB (a little under the API's 1 MiB body limit, so the string reaches validation). */
export const LONG_STRING_LENGTH = 1_000_000;

/** NUL inside a string and a 1 MB string: every slot of every operation gets both. */
export const REQUIRED_MUTATIONS: Mutation[] = [
  { name: 'nul', raw: 'ab\u0000cd', json: 'ab\u0000cd' },
  { name: 'long', raw: 'a'.repeat(LONG_STRING_LENGTH), json: 'a'.repeat(LONG_STRING_LENGTH) },
];

/** The other hostile values; the test samples a few of them per slot. */
export const OTHER_MUTATIONS: Mutation[] = [
  { name: 'control', raw: 'x\u0007\u001b[2Jy', json: 'x\u0007\u001b[2Jy' },
  { name: 'c1', raw: 'x\u0085\u009by', json: 'x\u0085\u009by' },
  { name: 'number', raw: '12345', json: 12345 },
  { name: 'object', raw: '{}', json: { a: 1 } },
  { name: 'array', raw: '[]', json: ['a', 'b'] },
  { name: 'null', raw: 'null', json: null },
  { name: 'boolean', raw: 'true', json: true },
  { name: 'huge', raw: '99999999999999999999999999', json: 1e308 },
  { name: 'unsafe-integer', raw: '9007199254740993', json: Number.MAX_SAFE_INTEGER + 2 },
  { name: 'negative', raw: '-1', json: -1 },
  { name: 'fraction', raw: '0.5', json: -0.5 },
  { name: 'nan', raw: 'NaN', json: 'NaN' },
  { name: 'infinity', raw: '1e999', json: '1e999' },
  { name: 'empty', raw: '', json: '' },
  { name: 'percent', raw: '%00%zz', url: '%00%zz', json: '%00%zz' },
  { name: 'unicode', raw: '\ufffex\uffff', url: '%ED%A0%80x%C0%AF', json: '\ud800x\uffff' },
];

/** A malformed body: the raw payload and its content type. */
export interface MalformedBody {
  name: string;
  contentType: string;
  payload: string;
}

/** Malformed bodies sent to every operation that takes a body (and to every POST, PUT, PATCH). */
export const MALFORMED_BODIES: MalformedBody[] = [
  { name: 'truncated-json', contentType: 'application/json', payload: '{"a":' },
  { name: 'json-nul', contentType: 'application/json', payload: '{"a":"\u0000' },
  { name: 'json-array', contentType: 'application/json', payload: '[1,2,3]' },
  { name: 'json-string', contentType: 'application/json', payload: '"x"' },
  { name: 'json-null', contentType: 'application/json', payload: 'null' },
  { name: 'wrong-content-type', contentType: 'text/plain', payload: 'hello' },
  { name: 'invalid-multipart', contentType: 'multipart/form-data; boundary=XyZ', payload: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--Xy' },
  { name: 'invalid-form', contentType: 'application/x-www-form-urlencoded', payload: 'a=%zz&b=%00&%%%' },
  { name: 'deep-json', contentType: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
];
