import type { registerSchema } from "@skillshelf/shared/account-forms.ts";
import { type LanguageCode, SETTING_OF_CODE } from "@skillshelf/shared/i18n/languages.ts";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { isUniqueViolation } from "../lib/db-errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { welcomeMail } from "../mail/templates.ts";
import { hashPassword } from "./password-hash.ts";

export const DUPLICATE_EMAIL = "An account with this email already exists. Please sign in instead.";

/**
 * Creates the account and queues its welcome mail. `language` is the language of the
 * page (or request) it was made from: the account's language setting, so the welcome
 * mail and the pages after sign-in stay in the language the learner was reading.
 */
export async function register(options: {
  db: Db;
  input: z.output<typeof registerSchema>;
  language: LanguageCode;
  publicUrl: string;
  now: Date;
}): Promise<void> {
  const { db, input, now } = options;
  const language = SETTING_OF_CODE[options.language];
  const passwordHash = await hashPassword(input.password);
  const welcome = await welcomeMail({ name: input.name, email: input.email, language }, options.publicUrl);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        name: input.name,
        email: input.email,
        passwordHash,
        userType: input.user_type,
        displayName: input.name,
        language,
        createdAt: now,
        updatedAt: now,
      });
      await enqueueMail(tx, welcome, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
    throw error;
  }
}
