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

function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** What the generated source may use besides its own functions. */
const RUNTIME = { MISMATCH, mismatch, isPlainObject };

/**
 * Generates the source of one function per schema node (w0 the root) from the zod types the
 * response schemas use; null for any other type, or a check other than `.int()`, so that schema
 * keeps zod's runtime encoding. Property names are written into the source (through JSON.stringify)
 * so each read is a plain property read; enum and literal values are passed in, not written.
 */
function generate(root: z.core.$ZodType): { source: string; values: Array<Set<unknown>> } | null {
  const functions: string[] = [];
  const values: Array<Set<unknown>> = [];

  function node(schema: z.core.$ZodType): string | null {
    const name = `w${functions.length}`;
    functions.push('');
    const body = bodyOf(schema);
    if (body === null) return null;
    functions[Number(name.slice(1))] = `function ${name}(v) {\n${body}\n}`;
    return name;
  }

  function bodyOf(schema: z.core.$ZodType): string | null {
    const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    const checks = (def.checks ?? []) as Array<{ _zod: { def: { format?: string } } }>;
    switch (def.type) {
      case 'string':
        return checks.length > 0 ? null : `return typeof v === 'string' ? JSON.stringify(v) : mismatch();`;
      case 'number': {
        const formats = checks.map((c) => c._zod.def.format);
        if (formats.some((f) => f !== 'safeint')) return null;
        const valid = formats.length > 0 ? 'Number.isSafeInteger(v)' : 'Number.isFinite(v)';
        return `return typeof v === 'number' && ${valid} ? '' + v : mismatch();`;
      }
      case 'boolean':
        return `return v === true ? 'true' : v === false ? 'false' : mismatch();`;
      case 'null':
        return `return v === null ? 'null' : mismatch();`;
      case 'unknown':
        return `return JSON.stringify(v);`;
      case 'enum':
      case 'literal': {
        const allowed = new Set(
          def.type === 'enum' ? Object.values(def.entries as object) : (def.values as unknown[]),
        );
        if ([...allowed].some((v) => typeof v !== 'string' && typeof v !== 'boolean')) return null;
        values.push(allowed);
        return `return values[${values.length - 1}].has(v) ? JSON.stringify(v) : mismatch();`;
      }
      case 'nullable': {
        const inner = node(def.innerType as z.core.$ZodType);
        return inner && `return v === null ? 'null' : ${inner}(v);`;
      }
      case 'optional': {
        const inner = node(def.innerType as z.core.$ZodType);
        return inner && `return v === undefined ? undefined : ${inner}(v);`;
      }
      case 'array': {
        const element = node(def.element as z.core.$ZodType);
        if (!element) return null;
        return `if (!Array.isArray(v)) mismatch();
  let out = '[';
  for (let i = 0; i < v.length; i += 1) {
    const written = ${element}(v[i]);
    out += (i === 0 ? '' : ',') + (written === undefined ? 'null' : written);
  }
  return out + ']';`;
      }
      case 'union': {
        const options = (def.options as z.core.$ZodType[]).map(node);
        if (options.some((o) => o === null)) return null;
        return `${options
          .map((o) => `try { return ${o}(v); } catch (error) { if (error !== MISMATCH) throw error; }`)
          .join('\n  ')}
  return mismatch();`;
      }
      case 'record': {
        const key = (def.keyType as z.core.$ZodType)._zod.def;
        if (key.type !== 'string' || (key.checks ?? []).length > 0) return null;
        if ((def.valueType as z.core.$ZodType)._zod.def.type !== 'unknown') return null;
        return `if (!isPlainObject(v)) mismatch();
  let out = '{';
  for (const name of Object.keys(v)) {
    if (name === '__proto__') continue;
    const written = JSON.stringify(v[name]);
    if (written !== undefined) out += (out.length === 1 ? '' : ',') + JSON.stringify(name) + ':' + written;
  }
  return out + '}';`;
      }
      case 'object': {
        if (def.catchall !== undefined) return null;
        const lines = [
          `if (typeof v !== 'object' || v === null || Array.isArray(v)) mismatch();`,
          `let out = '{';`,
          `let written;`,
        ];
        for (const [name, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
          const write = node(field);
          if (!write) return null;
          // zod never copies a declared __proto__ to its output.
          if (name === '__proto__') continue;
          lines.push(
            `written = ${write}(v[${JSON.stringify(name)}]);`,
            `if (written !== undefined) out += (out.length === 1 ? '' : ',') + ${JSON.stringify(`${JSON.stringify(name)}:`)} + written;`,
          );
        }
        lines.push(`return out + '}';`);
        return lines.join('\n  ');
      }
      default:
        return null;
    }
  }

  if (node(root) === null) return null;
  return { source: `${functions.join('\n')}\nreturn w0;`, values };
}

function compileWriter(schema: z.core.$ZodType): Writer | null {
  const generated = generate(schema);
  if (!generated) return null;
  const build = new Function('MISMATCH', 'mismatch', 'isPlainObject', 'values', generated.source) as (
    ...args: unknown[]
  ) => Writer;
  return build(RUNTIME.MISMATCH, RUNTIME.mismatch, RUNTIME.isPlainObject, generated.values);
}

/**
 * Response serialisation compiled from each route's zod schema into JavaScript of its own. It writes
 * only the keys the schema declares, in its order, and checks every value's type on the way, so it
 * lets out exactly what zod's encode followed by JSON.stringify did (fastify-type-provider-zod's
 * serializer) without building the intermediate copy: that pass was the largest item in a cached
 * verification's profile. Whatever does not fit the schema, or a schema using other zod types, goes
 * through the zod serializer, which answers or refuses it as before.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const viaZod = zodSerializerCompiler(route);
  const write = '_zod' in route.schema ? compileWriter(route.schema) : null;
  if (!write) return viaZod;
  const writtenViews = new WeakMap<object, string>();
  return (data) => {
    const view = typeof data === 'object' && data !== null ? data : undefined;
    const earlier = view && writtenViews.get(view);
    if (earlier) return earlier;
    let json: string | undefined;
    try {
      json = write(data);
    } catch {
      // A mismatch, or JSON.stringify refusing a value (a BigInt): zod's path answers as it did.
    }
    if (json === undefined) return viaZod(data);
    if (view && unchangingViews.has(view)) writtenViews.set(view, json);
    return json;
  };
};

const unchangingViews = new WeakSet<object>();

/**
 * Marks a view that is never changed once built (a presenter's view of an object the read caches
 * share), so each route writes it once and answers later requests with the same JSON. Only views
 * that were written whole by the compiled serializer are kept.
 */
export function unchanging<T extends object>(view: T): T {
  unchangingViews.add(view);
  return view;
}
