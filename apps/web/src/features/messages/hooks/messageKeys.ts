/** TanStack Query keys of the messages feature; invalidating `all` refreshes the bell and both lists. */
export const messageKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  mine: ['messages', 'mine'] as const,
  targets: (scope: string, keyword: string) => ['messages', 'targets', scope, keyword] as const,
};
