import { z } from 'zod';

/**
 * A zod schema as an OpenAPI 3.1 schema object (JSON Schema 2020-12), as the routes' schemas are documented:
 * `input` for what a client sends, `output` for what it receives.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { target: 'draft-2020-12', io });
  return jsonSchema;
}
