import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { LIMITS } from '../limits';
import { pageSchema } from '../pagination';
import { base, IdBody, name, opt, optionalText, PageOnly, TAG, uuid } from './devices.shared';

export const ModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** 1 enabled, 0 disabled. */
  state: z.number().int(),
  terminalCount: z.number().int(),
  createdAt: z.string(),
});
export const ModelSaveSchema = z.strictObject({
  id: uuid.optional(),
  name,
  description: optionalText,
  state: z.union([z.literal(0), z.literal(1)]).default(1),
});

export const ModelPeripheralSchema = z.object({
  id: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  peripheralId: z.string(),
  peripheralName: z.string(),
  required: z.boolean(),
});
export const ModelPeripheralSaveSchema = z.strictObject({
  id: uuid.optional(),
  modelId: uuid,
  peripheralId: uuid,
  /** A required peripheral that is missing or faulty raises a warning. */
  required: z.boolean().default(true),
});

/** Terminal models. */
export const modelEndpoints = {
  modelPage: defineEndpoint({
    method: 'GET',
    path: `${base}/model/getPage`,
    summary: 'Terminal models',
    tag: TAG,
    query: PageOnly.extend({ name: opt(z.string().max(LIMITS.nameMax)) }),
    result: pageSchema(ModelSchema),
    permission: 'device:model:view',
  }),
  modelList: defineEndpoint({
    method: 'GET',
    path: `${base}/model/getList`,
    summary: 'Every enabled model, for pickers',
    tag: TAG,
    result: z.array(z.object({ id: z.string(), name: z.string() })),
    permission: SIGNED_IN,
  }),
  modelSave: defineEndpoint({
    method: 'POST',
    path: `${base}/model/addOrUpdate`,
    summary: 'Add or edit a model',
    tag: TAG,
    body: ModelSaveSchema,
    result: ModelSchema,
    permission: 'device:model:add',
  }),
  modelDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/model/delete`,
    summary: 'Delete a model no terminal uses',
    tag: TAG,
    body: IdBody,
    result: z.null(),
    permission: 'device:model:delete',
  }),
};

/** The peripherals each model expects. */
export const modelPeripheralEndpoints = {
  modelPeripheralPage: defineEndpoint({
    method: 'GET',
    path: `${base}/modelPeripheral/getPage`,
    summary: 'Peripherals expected on each model',
    tag: TAG,
    query: PageOnly.extend({ modelId: opt(uuid) }),
    result: pageSchema(ModelPeripheralSchema),
    permission: 'device:modelPeripheral:view',
  }),
  modelPeripheralSave: defineEndpoint({
    method: 'POST',
    path: `${base}/modelPeripheral/addOrUpdate`,
    summary: 'Expect a peripheral on a model',
    tag: TAG,
    body: ModelPeripheralSaveSchema,
    result: ModelPeripheralSchema,
    permission: 'device:modelPeripheral:add',
  }),
  modelPeripheralDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/modelPeripheral/delete`,
    summary: 'Stop expecting a peripheral on a model',
    tag: TAG,
    body: IdBody,
    result: z.null(),
    permission: 'device:modelPeripheral:delete',
  }),
};
