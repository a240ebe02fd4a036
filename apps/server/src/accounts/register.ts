import type { registerSchema } from "@skillshelf/shared/account-forms.ts";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { isUniqueViolation } from "../lib/db-errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { welcomeMail } from "../mail/templates.ts";
import { hashPassword } from "./password-hash.ts";

export const DUPLICATE_EMAIL = "An account with this email already exists. Please sign in instead.";

export async function register(options: {
  db: Db;
  input: z.output<typeof registerSchema>;
  publicUrl: string;
  now: Date;
}): Promise<void> {
  const { db, input, now } = options;
  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        name: input.name,
        email: input.email,
        passwordHash,
        userType: input.user_type,
        displayName: input.name,
        createdAt: now,
        updatedAt: now,
      });
      await enqueueMail(tx, welcomeMail({ name: input.name, email: input.email }, options.publicUrl), now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
    throw error;
  }
}
