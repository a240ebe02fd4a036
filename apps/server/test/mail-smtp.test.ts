import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { notify } from "../src/notifications/notifications.ts";
import { createUser, login } from "./helpers/accounts.ts";
import { createTestStore, LogCapture, TestClock, type TestStore } from "./helpers/app.ts";

interface Received {
  to: string;
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(port = 0): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as net.AddressInfo;
  return { port: address.port, received, close: () => new Promise((r) => server.close(() => r())) };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/** Quoted-printable bodies wrap long lines with "=\r\n"; undo that to read links. */
const unwrap = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

/** The notification of a new article in Docker, made as the catalogue makes it: its mail is pending. */
const newArticleFor = (store: TestStore, userId: number) =>
  store.database.db.transaction((tx) =>
    notify(
      tx,
      [{ userId, params: { kind: "new_article", title: "Volumes", artefact: "Docker" }, link: "/docker/volumes" }],
      store.app.clock(),
    ),
  );

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});
afterAll(async () => {});

describe("mail over SMTP", () => {
  it("delivers a reset link that resets the password: forgot, mail, reset, sign in", async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    const store: TestStore = await createTestStore({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    closers.push(store.close);
    const user = await createUser(store);

    await store.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: user.email } });
    await store.app.mail.deliverDue();
    expect(smtp.received).toHaveLength(1);
    const mail = unwrap(smtp.received[0]?.raw ?? "");
    expect(smtp.received[0]?.to).toBe(user.email);
    expect(mail).toContain("Subject: Reset your Skillshelf password");
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
    const token = /http:\/\/store\.test:3000\/reset-password\/([\w-]{43})/.exec(mail)?.[1];
    expect(token).toBeDefined();

    const reset = await store.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token, password: "Mailed@Reset1", confirm_password: "Mailed@Reset1" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(store, user.email, "Mailed@Reset1")).res.statusCode).toBe(200);
  });

  it("sends a notification mail with its one-click unsubscribe headers", async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    const store: TestStore = await createTestStore({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    closers.push(store.close);
    const user = await createUser(store, { language: "French" });
    await newArticleFor(store, user.id);
    await store.app.mail.deliverDue();
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0]?.raw ?? "";
    const head = raw.split(/\r?\n\r?\n/, 1)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
    expect(head).toContain(`List-Unsubscribe: <${store.app.unsubscribeLinks.url(user.id)}>`);
    expect(head).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // The text part and the HTML part link to the article's French page and to the same way out.
    expect(unwrap(raw)).toContain("http://store.test:3000/fr/docker/volumes");
    expect(unwrap(raw)).toContain(`href="${store.app.unsubscribeLinks.url(user.id)}"`);
  });

  it("keeps a message while the mail server is down and delivers it once it is back", async () => {
    const port = await freePort();
    const clock = new TestClock();
    const store = await createTestStore({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, clock });
    closers.push(store.close);
    const user = await createUser(store);

    await store.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: user.email } });
    await store.app.mail.deliverDue(); // nothing listens: the attempt fails and is scheduled again

    const smtp = await startSmtp(port);
    closers.push(smtp.close);
    await store.app.mail.deliverDue();
    expect(smtp.received).toHaveLength(0); // not due yet: it backs off
    clock.advance(60_000);
    await store.app.mail.deliverDue();
    expect(smtp.received).toHaveLength(1);
    expect(unwrap(smtp.received[0]?.raw ?? "")).toContain("/reset-password/");
    clock.advance(3_600_000);
    await store.app.mail.deliverDue();
    expect(smtp.received).toHaveLength(1); // delivered once
  });
});

describe("mail without SMTP_URL", () => {
  /** A store of its own data folder, whose log the test reads; both go when the test ends. */
  const storeWithoutSmtp = async () => {
    const log = new LogCapture();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "skillshelf-outbox-"));
    const store = await createTestStore({ log, env: { DATA_DIR: dataDir } });
    closers.push(async () => {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    return { store, log, dataDir };
  };

  it("goes to a file of the outbox folder, its owner's only; the log names the file and never holds a working reset link", async () => {
    const { store, log, dataDir } = await storeWithoutSmtp();
    const user = await createUser(store);
    const asked = await store.app.inject({
      method: "POST",
      url: "/api/forgot-password",
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    await store.app.mail.deliverDue();

    const logged = log.lines.find((l) => String(l.msg).startsWith("mail (no SMTP_URL"));
    const file = String(logged?.file);
    expect(path.dirname(file)).toBe(path.join(dataDir, "outbox"));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const token =
      /http:\/\/store\.test:3000\/reset-password\/([\w-]{43})/.exec(fs.readFileSync(file, "utf8"))?.[1] ?? "";
    expect(token).not.toBe("");
    expect(JSON.stringify(log.lines)).not.toContain(token);
    expect(String(logged?.msg)).toContain("/reset-password/… (the working link is in the outbox file)");

    // The link in the file is the one that works.
    const reset = await store.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token, password: "Mailed@Reset1", confirm_password: "Mailed@Reset1" },
    });
    expect(reset.statusCode).toBe(200);
  });

  it("keeps a notification mail's unsubscribe headers in its file, and its link's token out of the log", async () => {
    const { store, log } = await storeWithoutSmtp();
    const user = await createUser(store);
    await newArticleFor(store, user.id);
    await store.app.mail.deliverDue();

    const logged = log.lines.find((l) => String(l.msg).startsWith("mail (no SMTP_URL"));
    const kept = fs.readFileSync(String(logged?.file), "utf8");
    const link = store.app.unsubscribeLinks.url(user.id);
    expect(kept).toContain(`\nList-Unsubscribe: <${link}>\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\n`);
    expect(JSON.stringify(log.lines)).not.toContain(link.split("/").at(-1));
    expect(String(logged?.msg)).toContain("/unsubscribe/… (the working link is in the outbox file)");
  });
});
