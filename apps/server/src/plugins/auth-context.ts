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
};

/** Resolves a session token to its caller, or null when there is no live session. */
export type AuthResolver = (token: string, meta: { ip: string }) => Promise<AuthContext | null>;
