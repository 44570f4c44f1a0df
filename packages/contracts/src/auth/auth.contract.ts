import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { LIMITS, SYS_CODE } from '../limits';
import { MenuNodeSchema } from '../menu.schema';
import { FACTOR_METHODS } from './factor-methods';

export const CaptchaSchema = z.object({
  /** Pass back with the answer; single use, expires in 2 minutes. */
  captchaId: z.string(),
  /** SVG image as a data URL. */
  image: z.string(),
});

export const LoginBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(LIMITS.usernameMax),
  password: z.string().min(1).max(LIMITS.passwordMax),
  captchaId: z.string().min(1).max(64),
  captchaCode: z.string().trim().min(1).max(16),
  /** System code; the console sends 'cpm'. */
  sysCode: z.string().max(16).default(SYS_CODE),
  /**
   * The device token an earlier sign-in of this account gave this browser: its attempts then count
   * against that token only, so failures from other addresses cannot lock the owner out.
   */
  deviceToken: z.string().max(256).optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const UserVoSchema = z.object({
  id: z.string(),
  /** Display name. */
  name: z.string(),
  /** Account state: 0 needs details, 1 active, 2 waiting for review, 3 rejected. */
  verify: z.number().int(),
  username: z.string(),
  /** Preferred language, `cn` or `en`. */
  language: z.string(),
});
export type UserVo = z.infer<typeof UserVoSchema>;

export { FACTOR_METHODS, type FactorMethodKind } from './factor-methods';

/** The second sign-in step a password opened: a code (`verify`) or enrolling an authenticator first (`enrol`). */
export const SecondFactorStepSchema = z.object({
  step: z.enum(['verify', 'enrol']),
  /** For `verify`: the factors the account can answer with (an authenticator code, a passkey). */
  methods: z.array(z.enum(FACTOR_METHODS)),
  /** Signed, short-lived: send it with the code; it proves the password, nothing more. */
  pendingToken: z.string(),
  /** ISO time after which the step must start again from the password. */
  expiresAt: z.string(),
});
export type SecondFactorStep = z.infer<typeof SecondFactorStepSchema>;

export const LoginResultSchema = z.object({
  userVo: UserVoSchema,
  /** Session token: send it back in the `satoken` header. Empty while `secondFactor` is pending. */
  tokenValue: z.string(),
  /** Device token for this browser and account: keep it and send it with this account's next sign-ins. */
  deviceToken: z.string(),
  /**
   * Set when the account needs a second factor: no session exists yet (`tokenValue` and
   * `deviceToken` are empty) until the step's call succeeds.
   */
  secondFactor: SecondFactorStepSchema.optional(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const UserStatusSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  verify: z.number().int(),
  enabled: z.boolean(),
  /** Reason given when the review rejected the account. */
  rejectReason: z.string().nullable(),
  /** Permission keys the account holds. */
  permissions: z.array(z.string()),
  /**
   * Whether the account has an email address on record. Without one no emailed code can reach the
   * user, so a password change needs the administrator.
   */
  hasEmail: z.boolean(),
});

/** Whether a sensitive act needs a step-up now, and with what. */
export const StepUpSchema = z.object({
  /**
   * ISO time until which the session's last step-up stands (a confirmed second factor for an account
   * that has one, else a re-entered password); null when it must be asked.
   */
  freshUntil: z.string().nullable(),
  /** The second factors the account confirms a step-up with; empty: the password is asked instead. */
  methods: z.array(z.enum(FACTOR_METHODS)),
});
export type StepUp = z.infer<typeof StepUpSchema>;

export const authEndpoints = {
  captcha: defineEndpoint({
    method: 'GET',
    path: '/oauth/v1/oauth/login/captcha',
    summary: 'Fetch a captcha image and its id',
    tag: 'oauth',
    public: true,
    result: CaptchaSchema,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/login/cpmDoLogin',
    summary: 'Log in with account, password and captcha',
    tag: 'oauth',
    public: true,
    body: LoginBodySchema,
    result: LoginResultSchema,
  }),
  logout: defineEndpoint({
    method: 'GET',
    path: '/oauth/v1/oauth/login/doLogout',
    summary: 'End the session named by the token (query) or the satoken header',
    tag: 'oauth',
    public: true,
    query: z.object({ token: z.string().max(128).optional() }),
    result: z.null(),
    oplog: { objectType: 'session', action: 'security.signOut' },
  }),
  isLogin: defineEndpoint({
    method: 'GET',
    path: '/oauth/v1/oauth/login/isLogin',
    summary: 'Check that the satoken session is alive and belongs to userId (code 1), else code 500',
    tag: 'oauth',
    public: true,
    query: z.object({ sysCode: z.string().max(16).optional(), userId: z.string().max(64).optional() }),
    result: z.boolean(),
  }),
  menu: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/user/getSubUserMenuById',
    summary: "The user's menu tree (three levels, buttons as menuType 3)",
    tag: 'upms',
    permission: SIGNED_IN,
    query: z.object({ id: z.uuid() }),
    result: z.object({ menuList: z.array(MenuNodeSchema) }),
  }),
  stepUp: defineEndpoint({
    method: 'GET',
    path: '/oauth/v1/oauth/login/stepUp',
    consoleOnly: true,
    summary: 'Until when a password entered again in this session spares asking for it (null: ask)',
    tag: 'oauth',
    permission: SIGNED_IN,
    result: StepUpSchema,
  }),
  userStatus: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/user/getUserStatus',
    summary: "The signed-in user's account state and permissions",
    tag: 'upms',
    permission: SIGNED_IN,
    result: UserStatusSchema,
  }),
};
