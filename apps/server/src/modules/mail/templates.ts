import type { Mail } from './mailer';

type Lang = 'en' | 'zh';

const both = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en : zh);

/** The mails the product sends, in the reader's language. */
export const MAIL = {
  fenceAlert: (
    to: string,
    lang: Lang,
    f: {
      sn: string;
      terminalName: string;
      fence: string;
      kind: 'fenceBreach' | 'fenceReturn';
      at: string;
      place: string;
    },
  ): Mail => ({
    to,
    subject:
      f.kind === 'fenceBreach'
        ? both(
            lang,
            `围栏告警：终端 ${f.sn} 越出「${f.fence}」`,
            `Geofence alert: terminal ${f.sn} broke "${f.fence}"`,
          )
        : both(
            lang,
            `围栏恢复：终端 ${f.sn} 回到「${f.fence}」`,
            `Geofence: terminal ${f.sn} back within "${f.fence}"`,
          ),
    text:
      f.kind === 'fenceBreach'
        ? both(
            lang,
            `终端 ${f.sn}（${f.terminalName}）于 ${f.at} 违反电子围栏「${f.fence}」的规则。位置：${f.place}。`,
            `Terminal ${f.sn} (${f.terminalName}) broke the rule of geofence "${f.fence}" at ${f.at}. Position: ${f.place}.`,
          )
        : both(
            lang,
            `终端 ${f.sn}（${f.terminalName}）于 ${f.at} 重新符合电子围栏「${f.fence}」的规则。位置：${f.place}。`,
            `Terminal ${f.sn} (${f.terminalName}) keeps the rule of geofence "${f.fence}" again since ${f.at}. Position: ${f.place}.`,
          ),
  }),
  emailCode: (to: string, lang: Lang, code: string, minutes: number): Mail => ({
    to,
    subject: both(lang, '智能终端管理服务平台 邮箱验证码', 'Cloud POS verification code'),
    text: both(
      lang,
      `您的验证码是 ${code}，${minutes} 分钟内有效，只能使用一次。如非本人操作，请忽略本邮件。`,
      `Your verification code is ${code}. It is valid for ${minutes} minutes and can be used once. If you did not ask for it, ignore this mail.`,
    ),
  }),
  activation: (to: string, lang: Lang, username: string, link: string): Mail => ({
    to,
    subject: both(lang, '激活您的智能终端管理服务平台账号', 'Activate your Cloud POS account'),
    text: both(
      lang,
      `${username}，您好：\n请在 24 小时内打开以下链接激活账号：\n${link}\n`,
      `Hello ${username},\nOpen this link within 24 hours to activate your account:\n${link}\n`,
    ),
  }),
  approved: (to: string, lang: Lang, username: string, link: string): Mail => ({
    to,
    subject: both(lang, '您的账号已通过审核', 'Your account has been approved'),
    text: both(
      lang,
      `${username}，您好：\n您的账号已通过审核，现在可以登录：${link}\n`,
      `Hello ${username},\nYour account has been approved. You can log in now: ${link}\n`,
    ),
  }),
  rejected: (to: string, lang: Lang, username: string, reason: string): Mail => ({
    to,
    subject: both(lang, '您的账号未通过审核', 'Your account was not approved'),
    text: both(
      lang,
      `${username}，您好：\n您的账号未通过审核，原因：${reason}\n请登录后修改资料并重新提交。\n`,
      `Hello ${username},\nYour account was not approved. Reason: ${reason}\nLog in, correct your details and submit them again.\n`,
    ),
  }),
};

/** The language of mails and SMS to an account: English for international users, else Chinese. */
export const mailLang = (account: { international: boolean }): Lang => (account.international ? 'en' : 'zh');
