import { MAX_ID } from "@skillshelf/shared/ids.ts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { StoreSignatures } from "../lib/store-key.ts";

/** What an unsubscribe token does, signed into it: a token for anything else would not verify. */
const PURPOSE = "email_notifications_off";
/** What a token's signature covers: the learner and the purpose. */
const signed = (userId: number) => `${PURPOSE}\n${userId}`;
/** `<user id>.<128-bit HMAC>`, as the links carry it. */
const TOKEN = /^([1-9]\d{0,9})\.([\w-]{22})$/;

/**
 * The links of the notification mails' List-Unsubscribe header and footer,
 * `PUBLIC_URL/unsubscribe/TOKEN`. A token names one learner and one purpose
 * (turning their e-mail notifications off), signed with a key the store keeps
 * in its database (so every instance makes and checks the same): it cannot be
 * guessed or turned to another learner, and it does not expire: the link
 * of an old mail keeps working. Using it twice changes nothing more.
 */
export class UnsubscribeLinks {
  constructor(
    private readonly signatures: StoreSignatures,
    private readonly publicUrl: string,
  ) {}

  static async load(db: Db, publicUrl: string): Promise<UnsubscribeLinks> {
    return new UnsubscribeLinks(await StoreSignatures.load(db, "unsubscribe_key"), publicUrl);
  }

  /** The address that turns the learner's notification mails off. */
  url(userId: number): string {
    return `${this.publicUrl}/unsubscribe/${userId}.${this.signatures.sign(signed(userId))}`;
  }

  /** The learner a token was made for; null for a token this store did not make. */
  userOf(token: string): number | null {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const userId = Number(match[1]);
    if (userId > MAX_ID) return null;
    return this.signatures.verify(signed(userId), match[2] ?? "") ? userId : null;
  }
}

/** Whom an unsubscribe link is for, as its page shows them. */
export interface Unsubscriber {
  email: string;
  language: string;
  emailNotifications: boolean;
}

export async function readUnsubscriber(db: Db, userId: number): Promise<Unsubscriber | null> {
  const [user] = await db
    .select({ email: users.email, language: users.language, emailNotifications: users.emailNotifications })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** Turns the learner's e-mail notifications off (their "Email notifications" setting); true when they were on. */
export async function turnOffEmailNotifications(db: Db, userId: number, now: Date): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ emailNotifications: false, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.emailNotifications, true)))
    .returning({ id: users.id });
  return changed.length > 0;
}
