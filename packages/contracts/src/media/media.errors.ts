import type { ErrorText } from '../errors';

/** Errors of wallpapers and boot animations: names, frames and their archives. */
export const MEDIA_ERRORS = {
  mediaNameInvalid: {
    code: 400,
    zh: '文件名只能包含英文字母、数字、点、下划线和连字符，不能有中文或特殊字符',
    en: 'File names may hold only letters, digits, dots, underscores and hyphens; no Chinese or special characters',
  },
  mediaNameTaken: { code: 409, zh: '已存在同名文件', en: 'A file with this name already exists' },
  mediaNotFound: {
    code: 404,
    zh: '壁纸或开机动画不存在或不在您的数据范围内',
    en: 'No such wallpaper or boot animation in your data scope',
  },
  mediaUnreadable: {
    code: 400,
    zh: '无法从文件头读取分辨率，文件可能已损坏，未保存',
    en: "The resolution could not be read from the file's headers (damaged file?); nothing was stored",
  },
  bootFrameTooLarge: {
    code: 413,
    zh: '开机动画图片不能超过 500 KB，未保存',
    en: 'A boot animation image may be at most 500 KB; nothing was stored',
  },
  bootFrameWrongFormat: {
    code: 400,
    zh: '图片格式与开机动画的图片格式不一致',
    en: "The image's format differs from the boot animation's image format",
  },
  bootFrameWrongSize: {
    code: 400,
    zh: '图片尺寸必须与屏幕尺寸完全一致',
    en: 'The image must be exactly the screen size',
  },
  bootFrameNotFound: {
    code: 400,
    zh: '开机动画图片不存在或已被使用，请重新上传',
    en: 'A boot animation image is missing or already used; upload it again',
  },
  bootZipNotZip: {
    code: 400,
    zh: '文件不是有效的 ZIP 压缩包',
    en: 'The file is not a valid ZIP archive',
  },
  bootZipUnsafeEntry: {
    code: 400,
    zh: '压缩包中有不安全的路径（../ 或绝对路径），已拒绝',
    en: 'The archive holds an unsafe path (../ or an absolute path); refused',
  },
  bootZipHeaderMismatch: {
    code: 400,
    zh: '压缩包中条目的本地文件头与目录不一致，已拒绝',
    en: "An entry's local header differs from the archive's directory; refused",
  },
  bootZipTooBig: {
    code: 413,
    zh: '压缩包条目过多或解压后过大，已拒绝',
    en: 'The archive has too many entries or unpacks too large; refused',
  },
  bootZipCompressed: {
    code: 400,
    zh: '开机动画压缩包的条目必须以存储方式（不压缩）保存',
    en: 'The entries of a boot animation archive must be stored uncompressed',
  },
  bootZipDescInvalid: {
    code: 400,
    zh: 'desc.txt 缺失或格式错误（第一行为“宽 高 帧率”，其后为“p 次数 停顿 目录”）',
    en: 'desc.txt is missing or malformed (first line "width height fps", then "p count pause folder" lines)',
  },
  bootZipPartMissing: {
    code: 400,
    zh: 'desc.txt 中的目录在压缩包中不存在或没有图片',
    en: 'A folder named in desc.txt is missing from the archive or holds no images',
  },
  bootZipFrameInvalid: {
    code: 400,
    zh: '压缩包中的图片必须是 JPG 或 PNG，且与声明的屏幕尺寸一致、不超过 500 KB',
    en: 'Images in the archive must be JPG or PNG of the declared screen size and at most 500 KB',
  },
} as const satisfies Record<string, ErrorText>;
