/** Account states carried as `verify`. */
export const ACCOUNT_STATE = { needsDetails: 0, active: 1, pendingReview: 2, rejected: 3 } as const;
