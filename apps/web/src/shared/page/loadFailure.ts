/**
 * What a failed read says about itself, to name in the console: the server's own message (already in
 * the user's language) or the HTTP client's text for a connection that failed. Null when the failure
 * carries no message (a read marked failed without its error).
 */
export const failureReason = (error: unknown): string | null =>
  error instanceof Error && error.message ? error.message : null;
