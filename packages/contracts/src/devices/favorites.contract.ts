import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { pageSchema } from '../pagination';
import { base, PageOnly, TAG } from './devices.shared';
import { SnListSchema, TerminalRowSchema } from './terminals.contract';

/** Each user's favourite terminals. */
export const favoriteEndpoints = {
  favoritePage: defineEndpoint({
    method: 'GET',
    path: `${base}/favorite/getPage`,
    summary: "The caller's favourite terminals",
    tag: TAG,
    query: PageOnly,
    result: pageSchema(TerminalRowSchema),
    permission: 'device:favorite:view',
  }),
  favoriteToggle: defineEndpoint({
    method: 'POST',
    path: `${base}/favorite/toggle`,
    summary: 'Add terminals to or remove them from favourites',
    tag: TAG,
    body: SnListSchema.extend({ favorite: z.boolean() }),
    result: z.object({ changed: z.number().int() }),
    permission: 'device:favorite:favorite',
  }),
};
