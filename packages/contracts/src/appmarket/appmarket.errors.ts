import type { ErrorText } from '../errors';

/** Errors of the app market: package refusals, review, shelf and release. */
export const APP_MARKET_ERRORS = {
  apkNotApk: {
    code: 400,
    zh: '文件不是有效的 APK（无法读取 AndroidManifest.xml），未保存',
    en: 'The file is not a valid APK (its AndroidManifest.xml cannot be read); nothing was stored',
  },
  apkUnsigned: {
    code: 400,
    zh: 'APK 未签名（没有 v1、v2 或 v3 签名），终端无法安装，未保存',
    en: 'The APK is not signed (no v1, v2 or v3 signature), so no terminal could install it; nothing was stored',
  },
  apkBadSignature: {
    code: 400,
    zh: 'APK 签名校验失败（文件在签名后被修改或签名已损坏），未保存',
    en: 'The APK signature does not verify (the file was changed after signing or the signature is damaged); nothing was stored',
  },
  apkUnsafePath: {
    code: 400,
    zh: 'APK 含有指向包外的路径（如 ../），已拒绝',
    en: 'The APK contains a path leading outside the package (such as ../); it was refused',
  },
  apkZipBomb: {
    code: 400,
    zh: 'APK 的条目数或解压后大小超出限制（疑似压缩炸弹），已拒绝',
    en: 'The APK has too many entries or expands beyond the limit (a zip bomb); it was refused',
  },
  apkVersionNotHigher: {
    code: 409,
    zh: '版本号（versionCode）必须高于该应用的最新版本，未保存',
    en: "The version code must be above the app's latest version; nothing was stored",
  },
  apkDuplicateVersion: {
    code: 409,
    zh: '该应用已有相同版本号（versionCode）的版本，未保存',
    en: 'The app already has a version with this version code; nothing was stored',
  },
  apkSignerChanged: {
    code: 409,
    zh: 'APK 的签名证书与该应用之前的版本不同，终端会拒绝此更新，未保存',
    en: "The APK is signed with a different certificate than the app's earlier versions; terminals would refuse the update, so nothing was stored",
  },
  apkMinSdkTooHigh: {
    code: 400,
    zh: 'APK 要求的最低 Android 版本高于所有目标型号终端的系统版本，没有终端能安装，未保存',
    en: "The APK's minimum Android version is above the OS of every terminal of the target models, so none could install it; nothing was stored",
  },
  apkPackageTaken: {
    code: 409,
    zh: '该包名已被其他企业的应用使用，未保存',
    en: "This package name belongs to another enterprise's app; nothing was stored",
  },
  appNameRequired: {
    code: 400,
    zh: '应用名称只能包含英文字母和数字：APK 的名称不符合，请填写英文名称',
    en: "An app name may only contain English letters and digits: the APK's label does not qualify, so enter an English name",
  },
  appNotFound: {
    code: 404,
    zh: '应用不存在或不在您的数据范围内',
    en: 'No such app in your data scope',
  },
  appVersionNotFound: {
    code: 404,
    zh: '应用版本不存在或不在您的数据范围内',
    en: 'No such app version in your data scope',
  },
  appNoOfficialVersion: {
    code: 409,
    zh: '该应用没有正式发布的版本：请选择一个灰度发布的版本，或先正式发布一个版本',
    en: 'This app has no officially released version: choose a gray-released version, or release one officially first',
  },
  appReviewConflict: {
    code: 409,
    zh: '该版本当前的审核状态不允许此操作（可能已被他人处理），未做任何更改',
    en: "The version's review state does not allow this (someone may have acted first); nothing was changed",
  },
  appReleaseConflict: {
    code: 409,
    zh: '该版本当前的发布状态不允许此操作（需先审核通过，或已被他人更改），未做任何更改',
    en: "The version's release state does not allow this (it must be approved first, or someone changed it); nothing was changed",
  },
  appShelfConflict: {
    code: 409,
    zh: '应用当前的上下架状态不允许此操作，或尚无审核通过的版本，未做任何更改',
    en: "The app's shelf state does not allow this, or it has no approved version yet; nothing was changed",
  },
  appVersionLocked: {
    code: 409,
    zh: '已提交审核或已通过的版本不能修改（被驳回后可修改再提交）',
    en: 'A version under review or approved cannot be edited (after a rejection it can be edited and resubmitted)',
  },
  appLaunchedDelete: {
    code: 409,
    zh: '已上架的应用或已发布的版本不能删除，请先下架或回滚',
    en: 'A launched app or a released version cannot be deleted; unlaunch or roll it back first',
  },
  appScreenshotInvalid: {
    code: 400,
    zh: '截图必须是 JPG 或 PNG 图片（按内容判断），且不超过 1 MB',
    en: 'A screenshot must be a JPG or PNG image (judged by content) of at most 1 MB',
  },
  appScreenshotLimit: {
    code: 400,
    zh: '截图数量已达上限',
    en: 'The app already has the most screenshots allowed',
  },
  appGraySnsUnknown: {
    code: 400,
    zh: '部分目标 SN 不存在或不在您的数据范围内，未发布',
    en: 'Some target SNs do not exist or are outside your data scope; nothing was released',
  },
  appRollbackNone: {
    code: 409,
    zh: '没有可回滚到的上一个已发布版本',
    en: 'There is no earlier released version to roll back to',
  },
  windowsInstallerInvalid: {
    code: 400,
    zh: 'Windows 应用必须是 EXE、MSI 或 ZIP 文件（按内容判断），未保存',
    en: 'A Windows app must be an EXE, MSI or ZIP file (judged by content); nothing was stored',
  },
} as const satisfies Record<string, ErrorText>;
