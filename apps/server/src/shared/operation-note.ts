/**
 * What a handler tells the operation log about one call of an endpoint that declares `oplog`. The
 * endpoint registry writes the entry (or entries) after the call: always when it succeeds, and when
 * it fails only if the handler marked the failure with `fail`.
 */
export type OperationSubject = { id?: string | null; name?: string | null; detail?: string | null };

export type OperationNote = {
  /** The object the call acted on, and a detail for the entry. */
  subject(subject: OperationSubject): void;
  /** A further entry for the same object (e.g. the roles changed along with the account). */
  also(entry: { action: string; detail?: string | null }): void;
  /** Who acted, on an endpoint called without a session (registration, forgotten password). */
  actor(actor: { id: string | null; name: string }): void;
  /** Records the call as failed, with a detail; the handler then throws its error as usual. */
  fail(detail: string): void;
};

/** What the registry reads back after the call. */
export type NotedOperation = {
  subject: OperationSubject;
  extra: { action: string; detail?: string | null }[];
  actor: { id: string | null; name: string } | null;
  failure: string | null;
};

/** A fresh note and the state it fills. */
export const createOperationNote = (): { note: OperationNote; noted: NotedOperation } => {
  const noted: NotedOperation = { subject: {}, extra: [], actor: null, failure: null };
  return {
    noted,
    note: {
      subject: (s) => {
        noted.subject = { ...noted.subject, ...s };
      },
      also: (e) => {
        noted.extra.push(e);
      },
      actor: (a) => {
        noted.actor = a;
      },
      fail: (detail) => {
        noted.failure = detail;
      },
    },
  };
};
