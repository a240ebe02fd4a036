import { z } from "./zod.ts";

/**
 * One schema per account form, with the exact messages of SPEC.md section 5.
 * The browser checks a form with its schema and the server checks the request
 * with the same one; a field shows the first message that applies.
 */

export const TIME_ZONES = ["America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Sydney"] as const;
export const LANGUAGES = ["English", "Spanish", "French"] as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const REGISTER_SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;
const RESET_SPECIAL = /[@$!%*?&]/;

/** A string field whose absence, wrong type or blank value gives `required`. */
const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Like `required`, without trimming: passwords keep their spaces. */
const requiredSecret = (message: string) => z.string({ error: message }).min(1, message);

const email = (requiredMessage: string, invalidMessage: string) =>
  required(requiredMessage)
    .max(254, invalidMessage)
    .regex(EMAIL_PATTERN, invalidMessage)
    .transform((v) => v.toLowerCase());

/** Where a confirm-password mismatch is reported; checked once the confirm field is there. */
const confirmMismatch = (message: string) => ({
  message,
  path: ["confirm_password"],
  when: (payload: { value: unknown }) => isObjectWith(payload.value, "confirm_password"),
});

const same = (data: { password: string; confirm_password: string }) => data.password === data.confirm_password;

function isObjectWith(value: unknown, field: string): boolean {
  return typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[field] === "string";
}

export const registerSchema = z
  .object({
    name: required("Full name is required").max(100, "Full name must be at most 100 characters"),
    email: email("Email is required", "Invalid email address"),
    password: requiredSecret("Password is required")
      .min(8, "Password must be at least 8 characters")
      .max(128, "Password must be at most 128 characters")
      .regex(/\d/, "Password must contain at least one number")
      .regex(REGISTER_SPECIAL, "Password must contain at least one special character"),
    confirm_password: requiredSecret("Confirm password is required"),
    user_type: z.literal("Manual").default("Manual"),
  })
  .refine(same, confirmMismatch("Passwords must match"));

export const loginSchema = z.object({
  email: email("Email is required", "Invalid email address"),
  password: requiredSecret("Password is required")
    .min(6, "Password must be at least 6 characters")
    .max(128, "Password must be at most 128 characters"),
  user_type: z.literal("Manual").default("Manual"),
  remember_me: z.boolean().default(false),
});

export const forgotPasswordSchema = z.object({
  email: email("Email is required", "Invalid email address"),
});

/** The reset form's password rules, in the order its live checklist shows them. */
export const RESET_PASSWORD_RULES = [
  { message: "Password must be at least 8 characters long", test: (v: string) => v.length >= 8 },
  { message: "Must include at least one uppercase letter", test: (v: string) => /[A-Z]/.test(v) },
  { message: "Must include at least one lowercase letter", test: (v: string) => /[a-z]/.test(v) },
  { message: "Must include at least one number", test: (v: string) => /\d/.test(v) },
  { message: "Must include at least one special character (@$!%*?&)", test: (v: string) => RESET_SPECIAL.test(v) },
] as const;

const resetPassword = RESET_PASSWORD_RULES.reduce(
  (schema, rule) => schema.refine(rule.test, rule.message),
  requiredSecret("New password is required").max(128, "Password must be at most 128 characters"),
);

export const resetPasswordSchema = z
  .object({
    token: required("This reset link is invalid or has expired.").max(
      200,
      "This reset link is invalid or has expired.",
    ),
    password: resetPassword,
    confirm_password: requiredSecret("Confirm password is required"),
  })
  .refine(same, confirmMismatch("Passwords must match"));

export const CURRENT_PASSWORD_REQUIRED = "Enter your current password to change your email.";
export const CURRENT_PASSWORD_WRONG = "Current password is incorrect.";

const normalizeEmail = (value: string) => value.trim().toLowerCase();

/**
 * Whether saving `email` changes the sign-in address stored as `storedEmail`.
 * Compared as the server stores addresses (trimmed, lower case), so a change
 * of case or spaces alone is not a change and needs no password.
 */
export function changesEmail(storedEmail: string, email: string): boolean {
  return normalizeEmail(email) !== normalizeEmail(storedEmail);
}

/**
 * The profile request. `current_password` is checked only when the e-mail
 * changes: the server compares with the stored address (and the password),
 * the form uses profileSchemaFor(stored e-mail) to say so before sending.
 */
export const profileSchema = z.object({
  name: required("Name is required.").max(100, "Name must be at most 100 characters."),
  email: email("Email is required.", "Invalid email format."),
  phone: required("Phone number is required.")
    .max(20, "Phone number must be at most 20 characters.")
    .regex(/^\+?[\d\s()-]{6,20}$/, "Invalid phone number."),
  bio: z.string().trim().max(500, "Bio must be at most 500 characters.").default(""),
  current_password: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .max(128, "Password must be at most 128 characters.")
    .nullish()
    .transform((v) => v || undefined),
});

/** The profile form of an account whose sign-in e-mail is `storedEmail`: a new address needs the current password. */
export function profileSchemaFor(storedEmail: string) {
  return profileSchema.refine((data) => !changesEmail(storedEmail, data.email) || Boolean(data.current_password), {
    message: CURRENT_PASSWORD_REQUIRED,
    path: ["current_password"],
    // Shown together with the other fields' messages, as soon as the e-mail is a string.
    when: (payload) => isObjectWith(payload.value, "email"),
  });
}

export const changePasswordSchema = z
  .object({
    old_password: requiredSecret("Old password is required."),
    password: requiredSecret("Password is required.")
      .min(8, "Password must be at least 8 characters.")
      .max(128, "Password must be at most 128 characters."),
    confirm_password: z.string({ error: "Passwords do not match." }),
  })
  .refine(same, confirmMismatch("Passwords do not match."));

export const settingsSchema = z.object({
  display_name: required("Display name is required.").max(60, "Display name must be at most 60 characters."),
  timezone: z.enum(TIME_ZONES, { error: "Time zone is required." }),
  language: z.enum(LANGUAGES, { error: "Language is required." }),
  email_notifications: z.boolean().default(true),
  in_app_notifications: z.boolean().default(true),
  sms_notifications: z.boolean().default(false),
});

export type RegisterInput = z.input<typeof registerSchema>;
export type LoginInput = z.input<typeof loginSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;

/** The first message of each field, as the forms show them and the API returns them in `errors`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Validates form values; returns the parsed data or the first message per field. */
export function validateForm<T extends z.ZodType>(
  schema: T,
  values: unknown,
): { ok: true; data: z.output<T> } | { ok: false; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
