import fc from 'fast-check';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler, unchanging } from '../../src/http/serializer.js';
import {
  sessionStateSchema,
  verificationDetailSchema,
  verificationSummarySchema,
} from '../../src/http/presenters/verification.js';
import { errorSchema, validationErrorSchema } from '../../src/http/schemas.js';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });

/** The reference: what fastify-type-provider-zod wrote, or the error it threw. */
function viaZod(schema: z.ZodType, value: unknown): { json?: string; error?: string } {
  try {
    return { json: zodSerializerCompiler(route(schema))(value) };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

function compiled(schema: z.ZodType, value: unknown): { json?: string; error?: string } {
  try {
    return { json: responseSerializerCompiler(route(schema))(value) };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

/** Values for a schema: mostly fitting, sometimes not (wrong types, extra keys, missing ones). */
function valuesOf(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const fitting = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'string':
        return fc.string({ unit: 'binary' });
      case 'number':
        return fc.oneof(fc.integer(), fc.double());
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'unknown':
        return fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.date());
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as object));
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'nullable':
        return fc.oneof(fc.constant(null), valuesOf(def.innerType as z.core.$ZodType));
      case 'optional':
        return fc.oneof(fc.constant(undefined), valuesOf(def.innerType as z.core.$ZodType));
      case 'array':
        return fc.array(valuesOf(def.element as z.core.$ZodType), { maxLength: 3 });
      case 'union':
        return fc.oneof(...(def.options as z.core.$ZodType[]).map(valuesOf));
      case 'record':
        return fc.dictionary(
          fc.oneof(fc.string(), fc.constantFrom('__proto__', '1', '10', 'constructor')),
          fc.oneof(fc.jsonValue(), fc.constant(undefined)),
          { maxKeys: 4 },
        );
      case 'object': {
        const shape = def.shape as Record<string, z.core.$ZodType>;
        return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valuesOf(v)])), {
          requiredKeys: [],
        });
      }
      default:
        throw new Error(`no generator for ${def.type}`);
    }
  })();
  const misfit = fc.oneof(fc.anything(), fc.constantFrom(NaN, Infinity, 2 ** 53, 1.5, '', [], {}));
  const extraKey = fitting.map((v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...v, leaked_secret: 'x' } : v,
  );
  return fc.oneof(
    { weight: 8, arbitrary: fitting },
    { weight: 1, arbitrary: misfit },
    { weight: 1, arbitrary: extraKey },
  );
}

const keySchema = z.array(
  z.object({
    id: z.number().int(),
    label: z.string(),
    scopes: z.array(z.string()),
    created_at: z.string(),
    revoked_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
  }),
);

describe('compiled response serializer', () => {
  const schemas: Array<[string, z.ZodType]> = [
    ['verification detail', verificationDetailSchema],
    ['verification summary', verificationSummarySchema],
    ['session state', sessionStateSchema],
    ['key list', keySchema],
    ['error', errorSchema],
    ['validation error', validationErrorSchema],
    ['health', z.object({ status: z.literal('ok'), ok: z.literal(true).optional() })],
  ];

  // 150 runs per schema (fast-check's default is 100): 500 took 24 s of the unit project's 100 s
  // under load 7; each run draws a fresh seed, so CI keeps exploring new values over time.
  it.each(schemas)(
    'writes the %s exactly as zod and JSON.stringify did, or refuses what zod refused',
    (_, schema) => {
      fc.assert(
        fc.property(valuesOf(schema), (value) => {
          expect(compiled(schema, value)).toEqual(viaZod(schema, value));
        }),
        { numRuns: 150 },
      );
    },
  );

  it('leaves out keys the schema does not declare, at every depth', () => {
    const write = responseSerializerCompiler(route(keySchema));
    const json = write([
      {
        id: 1,
        label: 'a',
        scopes: ['x'],
        created_at: 't',
        revoked_at: null,
        last_used_at: null,
        key_hash: 'h',
      },
    ]);
    expect(json).toBe(
      '[{"id":1,"label":"a","scopes":["x"],"created_at":"t","revoked_at":null,"last_used_at":null}]',
    );
  });

  it('writes a view marked unchanging once per route, and any other value each time', () => {
    const write = responseSerializerCompiler(route(errorSchema));
    const marked = unchanging({ detail: 'first' });
    const plain = { detail: 'first' };
    expect([write(marked), write(plain)]).toEqual(['{"detail":"first"}', '{"detail":"first"}']);
    marked.detail = 'changed, against the contract';
    plain.detail = 'second';
    expect([write(marked), write(plain)]).toEqual(['{"detail":"first"}', '{"detail":"second"}']);
    const misfit = unchanging({ detail: 1 });
    expect(() => write(misfit)).toThrow();
    expect(() => write(misfit)).toThrow();
  });

  it('keeps zod for schemas it does not compile', () => {
    const schema = z.object({ at: z.string().max(3) });
    expect(compiled(schema, { at: 'abcd' })).toEqual({ error: 'FastifyError' });
    expect(compiled(schema, { at: 'abc', other: 1 })).toEqual({ json: '{"at":"abc"}' });
  });
});
