import { z } from 'zod';
import { LIMITS } from '../limits';
import { PageQuerySchema } from '../pagination';

/** Building blocks shared by the device contracts (not part of the package's exports). */
export const name = z.string().trim().min(1).max(LIMITS.nameMax);
export const optionalText = z.string().trim().max(LIMITS.textMax).optional();
export const uuid = z.uuid();
export const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
/** Empty query values (a cleared filter) count as absent. */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/* @__NO_SIDE_EFFECTS__ */
export const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export const PageOnly = PageQuerySchema;
export const IdBody = z.strictObject({ id: uuid });
export const IdsBody = z.strictObject({ ids: z.array(uuid).min(1).max(1000) });

export const TAG = 'device';
export const base = '/device/v1/device';
