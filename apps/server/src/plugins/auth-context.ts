/** Who is calling: resolved from the `satoken` header once per request. */
export type AuthContext = {
  userId: string;
  sessionId: string;
  username: string;
  /** Account state (the login answer's `verify`). */
  state: number;
  /** Permission keys granted by the user's enabled roles (empty until the account is active). */
  permissions: ReadonlySet<string>;
  /** 'all' for platform administrators, otherwise the user's own account tree. */
  dataScope: 'all' | 'tree';
  /** The address the request came from (counts re-entered passwords against it). */
  ip?: string;
  /** Set when an API key authenticated the call: `userId` is then its service account's owner. */
  apiKey?: { id: string; prefix: string; serviceAccountId: string };
  /**
   * Refuses a risky act (an endpoint marked `stepUp`) while the account's second factor, if it has
   * one, was not confirmed within the step-up window; set for console sessions.
   */
  requireStepUp?: () => Promise<void>;
};

/** Resolves a session token to its caller, or null when there is no live session. */
export type AuthResolver = (token: string, meta: { ip: string }) => Promise<AuthContext | null>;

/** Resolves an API key (`Authorization: Bearer prefix.secret`) to its caller; every refusal throws. */
export type ApiKeyResolver = (
  key: string,
  meta: { ip: string; header(name: string, value: string): void },
) => Promise<AuthContext>;

/** A terminal calling the HTTP fallback of the device protocol. */
export type DeviceCaller = { id: string; sn: string; ownerId: string };

/** Resolves a terminal's SN and secret (HTTP Basic) to the terminal, or null. */
export type DeviceResolver = (sn: string, secret: string) => Promise<DeviceCaller | null>;

/** A new row's owner and author, both the caller (see `ownership()` of the tables). */
export const ownedByCaller = (auth: Pick<AuthContext, 'userId'>) => ({
  ownerId: auth.userId,
  createdBy: auth.userId,
});
