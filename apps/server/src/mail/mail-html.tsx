// The automatic JSX runtime wherever this file is compiled, with or without the tsconfig
// (tsx runs the e2e seed scripts from the repository's root, which has none):
// @jsxRuntime automatic
// @jsxImportSource react
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { SUPPORT_EMAIL } from "@skillshelf/shared/constants.ts";
import type { LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import type { CSSProperties } from "react";

/** A link of a mail: its words and where it goes. */
export interface MailLink {
  label: string;
  url: string;
}

/** What a mail's HTML says, every text already in the recipient's language. */
export interface MailContent {
  language: LanguageCode;
  /** The document's title. */
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The mail's one button, with its address written out below it for clients that hide buttons. */
  action?: MailLink & { fallback: string };
  /** Further links, one a line. */
  links?: MailLink[];
  /** Small print above the store's line: why the mail came, and how to stop it. */
  notes?: (string | MailLink)[];
}

/** The column's width in pixels, at most: its max-width, narrower on a phone. */
const WIDTH = 600;
/**
 * Outlook's Word engine ignores max-width, so the column would take its whole
 * window: for it alone, a table WIDTH wide around the column, in conditional
 * comments. React writes no comments, so it writes these markers, which
 * mailHtml replaces.
 */
const OUTLOOK_COLUMN = {
  start: [
    '<i data-outlook-column="start"></i>',
    `<!--[if mso]><table role="presentation" align="center" width="${WIDTH}" border="0" cellpadding="0" cellspacing="0"><tr><td><![endif]-->`,
  ],
  end: ['<i data-outlook-column="end"></i>', "<!--[if mso]></td></tr></table><![endif]-->"],
} as const;

const text: CSSProperties = { fontSize: "16px", lineHeight: "24px", color: "#0f172a", margin: "0 0 16px" };
const small: CSSProperties = { ...text, fontSize: "13px", lineHeight: "20px", color: "#475569" };
const font = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function Mail({ language, subject, heading, paragraphs, action, links = [], notes = [] }: MailContent) {
  return (
    <Html lang={language}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: font, padding: "24px 8px" }}>
        <i data-outlook-column="start" />
        <Container
          style={{ maxWidth: `${WIDTH}px`, backgroundColor: "#ffffff", borderRadius: "8px", fontFamily: font }}
        >
          <Section style={{ padding: "32px" }}>
            <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", color: "#0f172a", margin: "0 0 16px" }}>
              {heading}
            </Heading>
            {paragraphs.map((paragraph, i) => (
              // The paragraphs are fixed texts and lines of an order, in order: their place is their key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <Text key={i} style={text}>
                {paragraph}
              </Text>
            ))}
            {action ? (
              <>
                <Section style={{ margin: "24px 0" }}>
                  <Button
                    href={action.url}
                    style={{
                      backgroundColor: "#1d4ed8",
                      color: "#ffffff",
                      fontSize: "16px",
                      borderRadius: "6px",
                      padding: "12px 20px",
                    }}
                  >
                    {action.label}
                  </Button>
                </Section>
                {/* A long link (a reset token) wraps rather than widen the column past a phone's screen. */}
                <Text style={{ ...small, overflowWrap: "anywhere", wordBreak: "break-word" }}>{action.fallback}</Text>
              </>
            ) : null}
            {links.map((link) => (
              <Text key={link.url} style={text}>
                <Link href={link.url} style={{ color: "#1d4ed8", textDecoration: "underline" }}>
                  {link.label}
                </Link>
              </Text>
            ))}
            {notes.map((note) =>
              typeof note === "string" ? (
                <Text key={note} style={small}>
                  {note}
                </Text>
              ) : (
                <Text key={note.url} style={small}>
                  <Link href={note.url} style={{ color: "#475569", textDecoration: "underline" }}>
                    {note.label}
                  </Link>
                </Text>
              ),
            )}
            <Text style={{ ...small, margin: "24px 0 0" }}>Skillshelf · {SUPPORT_EMAIL}</Text>
          </Section>
        </Container>
        <i data-outlook-column="end" />
      </Body>
    </Html>
  );
}

/**
 * A mail's HTML, by React Email: a centred table of bounded width (600 px,
 * narrower on a phone, and in Outlook too), with `<html lang>`, the charset, a
 * viewport and the subject as its title. React escapes every text and address.
 */
export async function mailHtml(content: MailContent): Promise<string> {
  const html = await render(<Mail {...content} />);
  const { start, end } = OUTLOOK_COLUMN;
  return html.replace(start[0], start[1]).replace(end[0], end[1]);
}
