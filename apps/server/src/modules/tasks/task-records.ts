/** Shapes kept in the tasks table's JSON columns. */

/** A file or media the task pushes: enough for a terminal to fetch and check it. */
export type TaskResource = {
  kind: 'sysFile' | 'wallpaper' | 'bootAnimation' | 'app';
  id: string;
  name: string;
  /** The file's own name, as a terminal saves it (a system file's uploaded name). */
  fileName?: string;
  sha256: string;
  size: number;
  blobId: string;
  /** An app install: the package the terminal must find in the file (see TaskFileRef.app). */
  app?: {
    packageName: string;
    versionCode: number;
    versionName: string;
    signerSha256: string;
    installArgs?: string;
    downgrade: boolean;
  };
};
export type StoredTargets = { sns: string[]; groupIds: string[]; modelIds: string[]; ownerIds: string[] };
export type StoredRollout = { waves: number[]; maxFailurePercent: number; waveMinutes: number };
