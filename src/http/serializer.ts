import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Writes a value as JSON the way the route's zod schema lets it out; throws MISMATCH when the value
 * does not fit. `undefined` means "leave this property out", as JSON.stringify does.
 */
type Writer = (value: unknown) => string | undefined;

/** Made once: a value that does not fit is handed to zod, which gives the real error. */
const MISMATCH = new Error('the value does not fit the response schema');

function mismatch(): never {
  throw MISMATCH;
}

const isRecordLike = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!isRecordLike(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** JSON.stringify's own output for a value of unknown shape: undefined, functions and symbols are left out. */
const writeUnknown: Writer = (value) => JSON.stringify(value);

/**
 * Builds a writer from the zod types the response schemas use; null for any other type (or a check
 * other than `.int()`), so that schema keeps zod's runtime encoding.
 */
function writerOf(schema: z.core.$ZodType): Writer | null {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const checks = (def.checks ?? []) as Array<{ _zod: { def: { check: string; format?: string } } }>;
  switch (def.type) {
    case 'string':
      if (checks.length > 0) return null;
      return (value) => (typeof value === 'string' ? JSON.stringify(value) : mismatch());
    case 'number': {
      const formats = checks.map((c) => c._zod.def.format);
      if (formats.some((f) => f !== 'safeint')) return null;
      const valid = formats.length > 0 ? Number.isSafeInteger : Number.isFinite;
      return (value) => (typeof value === 'number' && valid(value) ? String(value) : mismatch());
    }
    case 'boolean':
      return (value) => (value === true ? 'true' : value === false ? 'false' : mismatch());
    case 'null':
      return (value) => (value === null ? 'null' : mismatch());
    case 'unknown':
      return writeUnknown;
    case 'enum':
    case 'literal': {
      const values = new Set(
        def.type === 'enum' ? Object.values(def.entries as object) : (def.values as unknown[]),
      );
      if ([...values].some((v) => typeof v !== 'string' && typeof v !== 'boolean')) return null;
      return (value) => (values.has(value) ? JSON.stringify(value) : mismatch());
    }
    case 'nullable': {
      const inner = writerOf(def.innerType as z.core.$ZodType);
      return inner && ((value) => (value === null ? 'null' : inner(value)));
    }
    case 'optional': {
      const inner = writerOf(def.innerType as z.core.$ZodType);
      return inner && ((value) => (value === undefined ? undefined : inner(value)));
    }
    case 'array': {
      const element = writerOf(def.element as z.core.$ZodType);
      if (!element) return null;
      return (value) => {
        if (!Array.isArray(value)) mismatch();
        let out = '[';
        for (let i = 0; i < value.length; i += 1)
          out += `${i === 0 ? '' : ','}${element(value[i]) ?? 'null'}`;
        return `${out}]`;
      };
    }
    case 'union': {
      const options = (def.options as z.core.$ZodType[]).map(writerOf);
      if (options.some((o) => o === null)) return null;
      return (value) => {
        for (const option of options as Writer[]) {
          try {
            return option(value);
          } catch (error) {
            if (error !== MISMATCH) throw error;
          }
        }
        return mismatch();
      };
    }
    case 'record': {
      const key = (def.keyType as z.core.$ZodType)._zod.def;
      if (key.type !== 'string' || (key.checks ?? []).length > 0) return null;
      if ((def.valueType as z.core.$ZodType)._zod.def.type !== 'unknown') return null;
      return (value) => {
        if (!isPlainObject(value)) mismatch();
        let out = '{';
        for (const name of Object.keys(value)) {
          if (name === '__proto__') continue;
          const written = writeUnknown(value[name]);
          if (written !== undefined)
            out += `${out.length === 1 ? '' : ','}${JSON.stringify(name)}:${written}`;
        }
        return `${out}}`;
      };
    }
    case 'object': {
      if (def.catchall !== undefined) return null;
      const fields: Array<{ name: string; prefix: string; write: Writer }> = [];
      for (const [name, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
        const write = writerOf(field);
        if (!write) return null;
        if (name !== '__proto__') fields.push({ name, prefix: `${JSON.stringify(name)}:`, write });
      }
      return (value) => {
        if (!isRecordLike(value)) mismatch();
        let out = '{';
        for (const field of fields) {
          const written = field.write(value[field.name]);
          if (written !== undefined) out += `${out.length === 1 ? '' : ','}${field.prefix}${written}`;
        }
        return `${out}}`;
      };
    }
    default:
      return null;
  }
}

/**
 * Response serialisation compiled from each route's zod schema. It writes only the keys the schema
 * declares, in its order, and checks every value's type on the way, so it lets out exactly what
 * zod's encode followed by JSON.stringify did (fastify-type-provider-zod's serializer), without
 * building the intermediate copy: that pass was the largest item in a cached verification's profile.
 * Whatever does not fit the schema, or a schema using other zod types, goes through the zod
 * serializer, which answers or refuses it as before.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const viaZod = zodSerializerCompiler(route);
  const write = '_zod' in route.schema ? writerOf(route.schema) : null;
  if (!write) return viaZod;
  return (data) => {
    try {
      const json = write(data);
      if (json !== undefined) return json;
    } catch {
      // A mismatch, or JSON.stringify refusing a value (a BigInt): zod's path answers as it did.
    }
    return viaZod(data);
  };
};
