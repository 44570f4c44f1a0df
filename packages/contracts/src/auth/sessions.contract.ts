import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';

/** One signed-in session as its owner or an administrator sees it (never its token). */
export const SignedInSessionSchema = z.object({
  id: z.string(),
  /** The browser's user agent at sign-in, cut to 300 characters. */
  userAgent: z.string().nullable(),
  /** Address the sign-in came from. */
  ip: z.string().nullable(),
  /** ISO time of the sign-in. */
  createdAt: z.string(),
  /** ISO time of the last request, to the minute. */
  lastSeenAt: z.string(),
  /** Whether it is the session making this call. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof SignedInSessionSchema>;

export const sessionsEndpoints = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/oauth/v1/oauth/sessions/mine',
    summary: "The caller's live sessions, newest first, the calling one marked",
    tag: 'oauth',
    permission: SIGNED_IN,
    result: z.array(SignedInSessionSchema),
  }),
  endMine: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/sessions/end',
    summary: 'Ends one of the caller’s sessions and closes its connections',
    tag: 'oauth',
    permission: SIGNED_IN,
    body: z.strictObject({ id: z.uuid() }),
    result: z.null(),
  }),
  ofUser: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/user/sessions',
    summary: "An account's live sessions, for its administrator",
    tag: 'upms',
    permission: 'user:user:kick',
    query: z.object({ id: z.uuid() }),
    result: z.array(SignedInSessionSchema),
  }),
  endOfUser: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/user/sessions/end',
    summary: 'Ends one session of an account and closes its connections',
    tag: 'upms',
    permission: 'user:user:kick',
    body: z.strictObject({ userId: z.uuid(), id: z.uuid() }),
    result: z.null(),
    oplog: { objectType: 'user', action: 'session.end' },
  }),
};
