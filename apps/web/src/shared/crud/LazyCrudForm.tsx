import { lazyNamed, MountOnceOpen } from '../MountOnceOpen';
import type { CrudFieldProps, CrudFormProps } from './CrudForm';
import type { ObjectSchema } from './zodForm';

/**
 * The kit's form as a list page uses it: antd's form engine, the contract checks (zod) and the modal
 * or drawer load when a form first opens, not with the list behind it.
 */
const Body = lazyNamed(() => import('./CrudForm').then((m) => m.CrudFormModal));
const Field = lazyNamed(() => import('./CrudForm').then((m) => m.CrudField<Record<string, unknown>>));

/** Create and edit in a modal or a drawer, validated by the contract's zod schema; loaded on first open. */
export const CrudFormModal = <S extends ObjectSchema>(props: CrudFormProps<S>) => (
  <MountOnceOpen open={props.open}>
    <Body {...(props as unknown as CrudFormProps<ObjectSchema>)} />
  </MountOnceOpen>
);

/** A field of a kit form (rendered inside `CrudFormModal`, so its code is there by then). */
export const CrudField = <V = Record<string, unknown>>(props: CrudFieldProps<V>) => (
  <Field {...(props as CrudFieldProps)} />
);
