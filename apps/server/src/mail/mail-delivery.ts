import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";
import type { Clock } from "../lib/clock.ts";

const BATCH = 20;
/** A claimed message is retried by anyone after this, should its sender die mid-send. */
const LEASE_MS = 2 * 60_000;
/** Retry after 10 s, 20 s, 40 s … up to an hour between attempts; never give up. */
const backoffMs = (attempts: number) => Math.min(3_600_000, 10_000 * 2 ** Math.min(attempts - 1, 12));

/**
 * Delivers the outbox. With SMTP_URL it sends through nodemailer and retries
 * failures with backoff; without it, each message is written to a file of its
 * own in `outboxDir` (DATA_DIR/outbox, readable by its owner only) and to the
 * log, so the flows work on a machine with no mail server. The log never holds
 * a working password-reset link: anyone who reads a log could take the
 * account with it. Rows are claimed with SKIP LOCKED, so several instances
 * never send one message twice.
 */
export class MailDelivery {
  private transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopping = false;

  constructor(
    private readonly options: {
      db: Db;
      smtpUrl: string | undefined;
      from: string;
      log: FastifyBaseLogger;
      now: Clock;
      /** Where each message goes as a file when there is no SMTP_URL. */
      outboxDir: string;
      pollMs?: number;
      /**
       * Turns what waits to be mailed into messages of the outbox, a batch at a
       * time, before each batch is delivered (the notification mails); true when
       * it did a whole batch, so that more may wait.
       */
      prepare?: () => Promise<boolean>;
    },
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        } as Parameters<typeof nodemailer.createTransport>[0])
      : null;
  }

  start(): void {
    const poll = () => {
      this.timer = setTimeout(async () => {
        await this.deliverDue();
        // stop() may have come while this run was delivering: then no next poll.
        if (!this.stopping) poll();
      }, this.options.pollMs ?? 5000);
      this.timer.unref();
    };
    poll();
  }

  /**
   * Lets the batch in progress finish (its rows are claimed, so cutting it
   * would leave them waiting out the lease) and starts no other. What is
   * still due stays in the outbox for the next start or another instance.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
  }

  /** Delivers what is due now; concurrent calls share one run and trigger one more. */
  deliverDue(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          // Preparing and delivering take turns, so that the first mails of a long queue go out at once.
          let more = true;
          while (!this.stopping && more) {
            const prepared = await this.prepareBatch();
            more = (await this.deliverBatch()) === BATCH || prepared;
          }
        } while (this.again && !this.stopping);
      } catch (error) {
        this.options.log.error({ err: error }, "mail delivery failed");
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** One batch of `prepare`; its failure is logged and never holds up the delivery of what is queued. */
  private async prepareBatch(): Promise<boolean> {
    if (!this.options.prepare) return false;
    try {
      return await this.options.prepare();
    } catch (error) {
      this.options.log.error({ err: error }, "notification mails not prepared; will retry");
      return false;
    }
  }

  /**
   * Claims due rows by pushing their next attempt past a lease (so no other
   * instance takes them), then sends outside any transaction: a slow mail
   * server never holds a database connection.
   */
  private async deliverBatch(): Promise<number> {
    const { db, log } = this.options;
    const now = this.options.now();
    const lease = new Date(now.getTime() + LEASE_MS);
    const due = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (rows.length) {
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: lease })
          .where(
            inArray(
              mailOutbox.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    });
    for (const mail of due) {
      const attempts = mail.attempts + 1;
      try {
        if (this.transport) {
          await this.transport.sendMail({
            from: this.options.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            ...(mail.headers ? { headers: mail.headers } : {}),
          });
          log.info({ mail: mail.id, kind: mail.kind, to: mail.to }, "mail sent");
        } else {
          const file = await keepInOutbox(this.options.outboxDir, mail);
          log.info(
            { mail: mail.id, kind: mail.kind, to: mail.to, subject: mail.subject, file },
            `mail (no SMTP_URL, kept in ${file}):\n${withoutSecretLinks(mail.text)}`,
          );
        }
        await db.update(mailOutbox).set({ sentAt: this.options.now(), attempts }).where(eq(mailOutbox.id, mail.id));
      } catch (error) {
        log.warn({ mail: mail.id, attempts, err: error }, "mail not delivered; will retry");
        await db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: String((error as Error).message ?? error).slice(0, 500),
            nextAttemptAt: new Date(this.options.now().getTime() + backoffMs(attempts)),
          })
          .where(eq(mailOutbox.id, mail.id));
      }
    }
    return due.length;
  }
}

/** A message as a file of the outbox folder, `<id>-<kind>.txt`, readable by the store's user only. */
async function keepInOutbox(
  dir: string,
  mail: { id: number; kind: string; to: string; subject: string; text: string; headers: Record<string, string> | null },
): Promise<string> {
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${mail.id}-${mail.kind}.txt`);
  const headers = Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}\n`);
  await fs.promises.writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n${headers.join("")}\n${mail.text}\n`, {
    mode: 0o600,
  });
  return file;
}

/**
 * The text for the log: a password-reset link, and a notification mail's
 * unsubscribe link (it turns a learner's mails off without a session), keep
 * their address but not their token.
 */
function withoutSecretLinks(text: string): string {
  return text.replace(/(\/(?:reset-password|unsubscribe)\/)[\w.-]+/g, "$1… (the working link is in the outbox file)");
}
