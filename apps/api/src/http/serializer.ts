/**
 * Answers serialised from their contract schemas (issue 11 item 1, ADR 0021): each response
 * schema (zod, in @store/contracts) becomes JSON Schema (`z.toJSONSchema`, output side) and
 * fast-json-stringify compiles it into a serializer that writes exactly the declared properties
 * (undeclared ones are dropped, as zod's parse dropped them) without validating the answer. This
 * replaces fastify-type-provider-zod's serializer, which parsed every answer with zod and then
 * called `JSON.stringify`: the second of the two checks of each answer.
 *
 * Compiled lazily (on a schema's first answer, not at start-up: the product schema takes about
 * 300 ms to compile) and once per schema object (routes share the cart and error schemas). A
 * schema fast-json-stringify cannot compile falls back to `JSON.stringify` of zod's encoding.
 *
 * With `check` (NODE_ENV=test) every answer is also checked against its schema first, so a
 * handler drifting from its contract fails the API suite (500, `FST_ERR_RESPONSE_SERIALIZATION`).
 */
import fastJsonStringify from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

const compiled = new WeakMap<z.ZodType, Serialize>();

/** The serializer of one schema (see module comment). */
export function schemaSerializer(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (serialize) return serialize;
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    serialize = fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Serialize;
  } catch {
    serialize = (data) => JSON.stringify(schema.encode(data as never));
  }
  compiled.set(schema, serialize);
  return serialize;
}

/** Fastify's serializer compiler for zod response schemas (see module comment). */
export function createSerializerCompiler(options: { check: boolean }): (route: { schema: unknown; method: string; url: string }) => Serialize {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = maybeSchema as z.ZodType;
    let serialize: Serialize | undefined;
    return (data) => {
      if (options.check) {
        const result = schema.safeParse(data);
        if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      serialize ??= schemaSerializer(schema);
      return serialize(data);
    };
  };
}
