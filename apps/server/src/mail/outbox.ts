import type { DbOrTx } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queues a message. Call it with the transaction of the change that causes
 * the mail: both are kept, or neither.
 */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail, now: Date): Promise<void> {
  await tx.insert(mailOutbox).values({ ...mail, nextAttemptAt: now, createdAt: now });
}
