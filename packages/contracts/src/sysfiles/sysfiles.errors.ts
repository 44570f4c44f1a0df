import type { ErrorText } from '../errors';

/** Errors of system files (APK and ZIP packages for terminals). */
export const SYS_FILE_ERRORS = {
  sysFileDuplicate: {
    code: 409,
    zh: '已存在同名同版本的系统文件',
    en: 'A system file with this name and version already exists',
  },
  sysFileInUse: {
    code: 409,
    zh: '该文件正被进行中的任务使用，不能删除',
    en: 'An active task uses this file; it cannot be deleted',
  },
  sysFileBadName: {
    code: 400,
    zh: '文件名不能包含中文或特殊字符',
    en: 'The file name must not contain Chinese or special characters',
  },
  sysFileNotApkOrZip: {
    code: 400,
    zh: '只能上传 APK 或 ZIP 文件（按文件内容判断）',
    en: 'Only APK or ZIP files can be uploaded (judged by their content)',
  },
  sysFileUpdateNotZip: {
    code: 400,
    zh: '系统升级包必须是 ZIP 文件',
    en: 'A system update must be a ZIP file',
  },
  sysFileBadZip: {
    code: 400,
    zh: 'ZIP 文件已损坏或无法读取',
    en: 'The ZIP file is damaged or cannot be read',
  },
  sysFileZipBomb: {
    code: 400,
    zh: 'ZIP 文件的条目数或解压后大小超出限制',
    en: 'The ZIP file has too many entries or expands beyond the limit',
  },
  sysFileZipUnsafePath: {
    code: 400,
    zh: 'ZIP 文件中有不安全的路径（../、绝对路径或盘符），已拒绝',
    en: 'The ZIP file holds an unsafe path (../, an absolute path or a drive letter); refused',
  },
  sysFileZipMismatch: {
    code: 400,
    zh: 'ZIP 文件的本地条目与目录不一致，已拒绝',
    en: "The ZIP file's entries do not match its directory; refused",
  },
} as const satisfies Record<string, ErrorText>;
