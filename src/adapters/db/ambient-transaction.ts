import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Scope = {
  root: Kysely<Database>;
  trx: Transaction<Database>;
  open: boolean;
  ended: Array<() => void>;
};

const scopes = new AsyncLocalStorage<Scope>();

function openScope(root: Kysely<Database>): Scope | undefined {
  const scope = scopes.getStore();
  return scope?.open && scope.root === root ? scope : undefined;
}

/** What `db.transaction()` gives inside an ambient transaction: the same transaction, no new one. */
function joinedTransaction(trx: Transaction<Database>) {
  const builder = {
    setIsolationLevel: () => builder,
    setAccessMode: () => builder,
    execute: <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> => work(trx),
  };
  return builder;
}

/**
 * The database handle every store is built on. Inside `inTransaction(work)` (an Idempotency-Key request),
 * every query made through it, by any store, runs in that one transaction, and a store's own
 * `db.transaction()` joins it instead of opening another: the request's effect and its idempotency record
 * commit together or not at all. Elsewhere it is the plain handle. Work left running after the
 * transaction ends (a timer, a cache refill) falls back to the plain handle.
 */
export function ambientDatabase(root: Kysely<Database>): {
  db: Kysely<Database>;
  inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
} {
  const db = new Proxy(root, {
    get(target, property) {
      const scope = openScope(target);
      if (!scope) {
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      if (property === 'transaction') return () => joinedTransaction(scope.trx);
      const value = Reflect.get(scope.trx, property, scope.trx) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(scope.trx) : value;
    },
  });
  return {
    db,
    async inTransaction(work) {
      const outer = openScope(root);
      if (outer) return work(outer.trx);
      const ended: Array<() => void> = [];
      try {
        return await root.transaction().execute(async (trx) => {
          const scope: Scope = { root, trx, open: true, ended };
          try {
            return await scopes.run(scope, () => work(trx));
          } finally {
            scope.open = false;
          }
        });
      } finally {
        for (const callback of ended) callback();
      }
    },
  };
}

/**
 * Inside an ambient transaction, runs `callback` again once it has ended (committed or rolled back);
 * outside one, does nothing. A read cache evicts what a write touched at once (so the request's own
 * reads see its writes) and again here, so nothing read while the transaction was open stays cached.
 */
export function whenAmbientTransactionEnds(callback: () => void): void {
  const scope = scopes.getStore();
  if (scope?.open) scope.ended.push(callback);
}
