import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message as the test SMTP server received it. */
interface ReceivedMail {
  to: string[];
  subject: string;
  /** The raw message with its quoted-printable encoding undone, so links and names read whole. */
  raw: string;
  receivedAt: number;
}

/**
 * Quoted-printable bodies wrap long lines with "=\r\n" and write "=" as "=3D" and each byte of a
 * character outside ASCII as =XX ("Á" is =C3=81): undone here, so links and names read as written.
 */
const unwrap = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replaceAll("=", ""), "hex").toString("utf8"));

/**
 * The Subject header as written: unfolded, its RFC 2047 encoded words (how
 * nodemailer writes a subject with "£", e.g. =?UTF-8?Q?=C2=A35=2E00?=) decoded.
 * Read before unwrap, which would take an encoded word's closing "?=" and the
 * line break after it for a soft line break.
 */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
  const value = /^Subject: (.*)$/im.exec(head)?.[1] ?? "";
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?[\w-]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-Fa-f]{2})/g, (_hex, byte: string) => String.fromCharCode(parseInt(byte, 16))),
            "latin1",
          ).toString("utf8"),
    )
    .trim();
}

/**
 * The e2e store's mail server: a real SMTP server on loopback (the store sends
 * through it with SMTP_URL) that keeps every message in memory, and a small
 * HTTP endpoint on loopback through which the tests, in other processes, read
 * them: GET /messages?to=EMAIL answers the list as JSON; with &after=N&wait=MS
 * it answers once the list is longer than N, or when MS have passed, so that a
 * test waits for its mail rather than asking again and again.
 */
export async function startMailbox(): Promise<{ smtpUrl: string; url: string; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  /** The requests waiting for more mail: each checks whether what came is theirs. */
  const waiting = new Set<() => void>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const message = Buffer.concat(chunks).toString("utf8");
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: subjectOf(message),
          raw: unwrap(message),
          receivedAt: Date.now(),
        });
        for (const check of [...waiting]) check();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const api = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method !== "GET" || url.pathname !== "/messages") {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const messages = () => (to ? received.filter((m) => m.to.includes(to)) : received);
    const after = Number(url.searchParams.get("after") ?? -1);
    const answer = () => {
      waiting.delete(check);
      clearTimeout(deadline);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messages()));
    };
    const check = () => {
      if (messages().length > after) answer();
    };
    const deadline = setTimeout(answer, Math.min(Number(url.searchParams.get("wait")) || 0, 60_000));
    waiting.add(check);
    check();
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  const apiPort = (api.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    url: `http://127.0.0.1:${apiPort}`,
    close: async () => {
      for (const check of [...waiting]) check();
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
