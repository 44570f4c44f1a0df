import type { ObjectSchema } from './zodForm';

/**
 * A form's contract schema fetched when the form first opens. A zod schema is built when its module
 * runs, so a page that imported one would download zod with its list; handing the form a loader keeps
 * zod and the contract module in the form's own chunk. The first load is kept; a failed one is tried
 * again on the next open.
 */
export class LazySchema<S extends ObjectSchema = ObjectSchema> {
  #pending: Promise<S> | null = null;
  constructor(private readonly loader: () => Promise<S>) {}
  load(): Promise<S> {
    this.#pending ??= this.loader().catch((error: unknown) => {
      this.#pending = null;
      throw error;
    });
    return this.#pending;
  }
}

/** `lazySchema(() => import('@cpm/contracts/devices/models.contract').then((m) => m.ModelSaveSchema))` */
export const lazySchema = <S extends ObjectSchema>(loader: () => Promise<S>) => new LazySchema(loader);

/** What a kit form takes: the schema itself, or a loader of it. */
export type SchemaSource<S extends ObjectSchema = ObjectSchema> = S | LazySchema<S>;
