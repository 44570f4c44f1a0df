/**
 * The states of the app market (spec section 4: review not submitted, pending, approved, rejected;
 * launched or unlaunched; gray or official release) and every allowed change, listed once. The
 * server applies each with a guarded update, so a change from any other state answers 409.
 */

/** Review of one version: `draft` is "not submitted". */
export const REVIEW_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type AppReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_TRANSITIONS = {
  /** First submission, or resubmission after a rejection. */
  submit: { from: ['draft', 'rejected'], to: 'pending' },
  approve: { from: ['pending'], to: 'approved' },
  /** Needs a reason. */
  reject: { from: ['pending'], to: 'rejected' },
} as const satisfies Record<string, { from: readonly AppReviewStatus[]; to: AppReviewStatus }>;
export type ReviewAction = keyof typeof REVIEW_TRANSITIONS;

/** Release of an approved version to terminals. */
export const RELEASE_STATUSES = ['none', 'gray', 'paused', 'official', 'rolledBack', 'superseded'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

export const RELEASE_TRANSITIONS = {
  /** To the target SNs only. */
  gray: { from: ['none', 'paused'], to: 'gray' },
  /** To every eligible terminal. */
  official: { from: ['none', 'gray', 'paused'], to: 'official' },
  /** Stops a gray release (by hand, or the health gate). */
  pause: { from: ['gray'], to: 'paused' },
  /** Withdraws the version; its terminals are sent back to the previous released version. */
  rollback: { from: ['gray', 'paused', 'official'], to: 'rolledBack' },
} as const satisfies Record<string, { from: readonly ReleaseStatus[]; to: ReleaseStatus }>;
export type ReleaseAction = keyof typeof RELEASE_TRANSITIONS;

/**
 * When a version goes official, each earlier version still in a gray release (running or paused)
 * ends it: the official one replaces it for every terminal, and the health gate stops watching it.
 * The server applies it, never a user.
 */
export const SUPERSEDE_TRANSITION = { from: ['gray', 'paused'], to: 'superseded' } as const satisfies {
  from: readonly ReleaseStatus[];
  to: ReleaseStatus;
};

/** An app on the shelf is shown in the market and can be installed. */
export const SHELF_STATUSES = ['unlaunched', 'launched'] as const;
export type ShelfStatus = (typeof SHELF_STATUSES)[number];

export const SHELF_TRANSITIONS = {
  launch: { from: ['unlaunched'], to: 'launched' },
  unlaunch: { from: ['launched'], to: 'unlaunched' },
} as const satisfies Record<string, { from: readonly ShelfStatus[]; to: ShelfStatus }>;
export type ShelfAction = keyof typeof SHELF_TRANSITIONS;

/** Review states in which a version's details may still be edited. */
export const EDITABLE_REVIEW_STATUSES: readonly AppReviewStatus[] = ['draft', 'rejected'];

const actionsFrom =
  <S extends string, A extends string>(table: Record<A, { from: readonly S[] }>) =>
  (status: S): A[] =>
    (Object.keys(table) as A[]).filter((a) => table[a].from.includes(status));

/** Review actions allowed from a state. */
export const reviewActionsFrom = actionsFrom<AppReviewStatus, ReviewAction>(REVIEW_TRANSITIONS);
/** Release actions allowed from a state (an unapproved version allows none). */
export const releaseActionsFrom = actionsFrom<ReleaseStatus, ReleaseAction>(RELEASE_TRANSITIONS);
/** Shelf actions allowed from a state. */
export const shelfActionsFrom = actionsFrom<ShelfStatus, ShelfAction>(SHELF_TRANSITIONS);

/**
 * What an app operation record says happened. A terminal's install is `install` when it did not
 * have the app, `upgrade` to a higher version code, `reinstall` of the same one, `downgrade` to a
 * lower one. `supersede`: a gray release ended by a newer official one; `autoUpdate`: an install
 * task the auto-update job created for terminals that appeared after a release.
 */
export const APP_OPERATION_KINDS = [
  'upload',
  'edit',
  'submit',
  'approve',
  'reject',
  'launch',
  'unlaunch',
  'gray',
  'official',
  'pause',
  'rollback',
  'delete',
  'install',
  'upgrade',
  'reinstall',
  'downgrade',
  'uninstall',
  'healthPause',
  'supersede',
  'autoUpdate',
] as const;
export type AppOperationKind = (typeof APP_OPERATION_KINDS)[number];

/**
 * Android permissions of protection level `dangerous` (runtime permissions). The review page flags
 * a version that requests one its previous version did not.
 */
export const DANGEROUS_PERMISSIONS: readonly string[] = [
  'READ_CALENDAR',
  'WRITE_CALENDAR',
  'CAMERA',
  'READ_CONTACTS',
  'WRITE_CONTACTS',
  'GET_ACCOUNTS',
  'ACCESS_FINE_LOCATION',
  'ACCESS_COARSE_LOCATION',
  'ACCESS_BACKGROUND_LOCATION',
  'RECORD_AUDIO',
  'READ_PHONE_STATE',
  'READ_PHONE_NUMBERS',
  'CALL_PHONE',
  'ANSWER_PHONE_CALLS',
  'READ_CALL_LOG',
  'WRITE_CALL_LOG',
  'ADD_VOICEMAIL',
  'USE_SIP',
  'PROCESS_OUTGOING_CALLS',
  'BODY_SENSORS',
  'BODY_SENSORS_BACKGROUND',
  'ACTIVITY_RECOGNITION',
  'SEND_SMS',
  'RECEIVE_SMS',
  'READ_SMS',
  'RECEIVE_WAP_PUSH',
  'RECEIVE_MMS',
  'READ_EXTERNAL_STORAGE',
  'WRITE_EXTERNAL_STORAGE',
  'READ_MEDIA_IMAGES',
  'READ_MEDIA_VIDEO',
  'READ_MEDIA_AUDIO',
  'ACCESS_MEDIA_LOCATION',
  'BLUETOOTH_SCAN',
  'BLUETOOTH_CONNECT',
  'BLUETOOTH_ADVERTISE',
  'NEARBY_WIFI_DEVICES',
  'UWB_RANGING',
  'POST_NOTIFICATIONS',
].map((p) => `android.permission.${p}`);

/** Whether an Android permission is a dangerous (runtime) one. */
export const isDangerousPermission = (name: string) => DANGEROUS_PERMISSIONS.includes(name);

/** Android release names by API level, for OS ranges (terminals report the release, e.g. `11`). */
export const ANDROID_API_LEVELS: readonly { api: number; release: string }[] = [
  { api: 19, release: '4.4' },
  { api: 21, release: '5.0' },
  { api: 22, release: '5.1' },
  { api: 23, release: '6.0' },
  { api: 24, release: '7.0' },
  { api: 25, release: '7.1' },
  { api: 26, release: '8.0' },
  { api: 27, release: '8.1' },
  { api: 28, release: '9' },
  { api: 29, release: '10' },
  { api: 30, release: '11' },
  { api: 31, release: '12' },
  { api: 32, release: '12L' },
  { api: 33, release: '13' },
  { api: 34, release: '14' },
  { api: 35, release: '15' },
  { api: 36, release: '16' },
];

/**
 * The API level of an Android release as a terminal reports it (`11`, `7.1.2`, `Android 13`), or
 * null when it names none.
 */
export const apiLevelOf = (osVersion: string | null | undefined): number | null => {
  if (!osVersion) return null;
  const m = /(\d+)(?:\.(\d+))?/.exec(osVersion);
  if (!m) return null;
  const major = Number(m[1]);
  const minor = Number(m[2] ?? 0);
  let best: number | null = null;
  for (const { api, release } of ANDROID_API_LEVELS) {
    // 12L is never what a terminal reports; "12" is API 31.
    if (release.endsWith('L')) continue;
    const [rMajor, rMinor = '0'] = release.split('.');
    const rm = Number(rMajor);
    const rn = Number(rMinor);
    if (rm < major || (rm === major && rn <= minor)) best = api;
  }
  return best;
};
