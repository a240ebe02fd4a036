import type { DbOrTx } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Headers besides the usual ones, such as a notification mail's List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * Queues a message. Call it with the transaction of the change that causes
 * the mail: both are kept, or neither.
 */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail, now: Date): Promise<void> {
  await enqueueMails(tx, [mail], now);
}

/** Queues several messages in one statement (a batch of notification mails). */
export async function enqueueMails(tx: DbOrTx, mails: OutgoingMail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(mails.map((mail) => ({ ...mail, nextAttemptAt: now, createdAt: now })));
}
