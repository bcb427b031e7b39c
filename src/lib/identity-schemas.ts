/** Payloads of sign-in, accounts and passkeys, shared by the admin and the server. */
import { z } from 'zod';
import { AUTH, IDENTITY } from './staff-messages.ts';
import { MAX_LENGTH } from './constants.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES, USER_ID_PATTERN } from './identity.ts';
import { requiredLine } from './schemas.ts';

/** `userId` may be left out while the bootstrap owner is the only account (the spec's fixed user ID). */
export const LoginInputSchema = z.strictObject({
  userId: z.string().trim().max(100).optional(),
  password: z.string({ error: AUTH.passwordRequired }).min(1, AUTH.passwordRequired).max(PASSWORD_MAX_LENGTH),
});

export const userIdSchema = z
  .string({ error: IDENTITY.userIdRequired })
  .trim()
  .toLowerCase()
  .min(1, IDENTITY.userIdRequired)
  .regex(USER_ID_PATTERN, IDENTITY.userIdInvalid);

/** A staff member's name is shown on one line (the header, Team, Activity): the rule of a visitor's name. */
const nameSchema = requiredLine(IDENTITY.nameRequired, 100);

/** A new password's length; whether it is common is checked on the server (password-policy.ts). */
export const newPasswordSchema = z
  .string({ error: AUTH.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, IDENTITY.passwordTooShort(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH);

const roleSchema = z.enum(ROLES, { error: IDENTITY.roleInvalid });

export const NewAccountSchema = z.strictObject({
  userId: userIdSchema,
  name: nameSchema,
  role: roleSchema,
  password: newPasswordSchema,
});

/** The second typing of a new password; the browser sends it so the server can refuse a typo too. */
const confirmSchema = z.string().max(PASSWORD_MAX_LENGTH).optional();

/** Refuses a confirmation that differs from the password it confirms (absent: nothing to compare). */
const confirms =
  <T extends Record<string, unknown>>(field: keyof T & string, confirmField: keyof T & string) =>
  (value: T, context: z.core.$RefinementCtx<T>) => {
    const confirmation = value[confirmField];
    if (confirmation !== undefined && value[field] !== undefined && confirmation !== value[field])
      context.addIssue({ code: 'custom', path: [confirmField], message: IDENTITY.passwordsDiffer });
  };

/** An owner's address for the payment-settings alert; '' removes it. */
const alertEmailSchema = z
  .string({ error: IDENTITY.emailInvalid })
  .trim()
  .max(MAX_LENGTH.email, IDENTITY.emailInvalid)
  .refine((value) => value === '' || z.email().safeParse(value).success, IDENTITY.emailInvalid);

export const AccountPatchSchema = z
  .strictObject({
    name: nameSchema.optional(),
    email: alertEmailSchema.optional(),
    role: roleSchema.optional(),
    disabled: z.boolean().optional(),
    requirePasskey: z.boolean().optional(),
    /**
     * An owner setting a temporary password for someone who lost theirs: their sessions end and they must choose
     * a new one at their next sign-in.
     */
    password: newPasswordSchema.optional(),
    confirmPassword: confirmSchema,
  })
  .superRefine(confirms('password', 'confirmPassword'));

export const PasswordChangeSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: AUTH.passwordRequired })
      .min(1, AUTH.passwordRequired)
      .max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
    confirmPassword: confirmSchema,
  })
  .superRefine(confirms('newPassword', 'confirmPassword'));

export const NameChangeSchema = z.strictObject({ name: nameSchema });

export const PasskeyNameSchema = z
  .string({ error: IDENTITY.passkeyNameRequired })
  .trim()
  .min(1, IDENTITY.passkeyNameRequired)
  .max(60);
