import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';

/**
 * Response serialization from the contract schemas.
 *
 * In development and tests every answer is checked against its zod schema, so a handler that
 * drifts from its contract fails loudly. In production the schema is compiled once to JSON Schema
 * and serialized by fast-json-stringify (Fastify's own serializer): the same shape, several times
 * faster, and fields outside the contract are never sent.
 */
export function responseSerializer(validate: boolean): FastifySerializerCompiler<unknown> {
  if (validate) return zodSerializer as FastifySerializerCompiler<unknown>;
  return (routeSchema) => {
    // Compiled on a route's first answer, not at start: compiling every route's schema up front
    // cost over a second of start-up (docs/performance.md), most of it for calls rarely made.
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => {
      serialize ??= compile(routeSchema);
      return serialize(data);
    };
  };
}

function compile(routeSchema: Parameters<FastifySerializerCompiler<unknown>>[0]): (data: unknown) => string {
  const schema = (routeSchema as { schema: unknown }).schema;
  try {
    const json = z.toJSONSchema(schema as z.ZodMiniType, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return (zodSerializer as FastifySerializerCompiler<unknown>)(routeSchema) as (data: unknown) => string;
  }
}
