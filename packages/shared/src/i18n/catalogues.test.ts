import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./catalogues.ts";
import { LANGUAGE_CODES, type LanguageCode } from "./languages.ts";

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The contexts a key may take where one English text has two meanings ("Refund_noun" beside the verb "Refund"). */
const CONTEXT = /_(noun)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?(\w+)>/g)].map((m) => m[0]).sort();

/** Each plural key's base, and the forms a language needs of it (Intl.PluralRules, as i18next uses). */
function pluralForms(code: LanguageCode): string[] {
  return [...new Intl.PluralRules(code).resolvedOptions().pluralCategories].sort();
}

/** Every key of a language's catalogue with its text, plurals folded onto their base. */
function entries(code: LanguageCode) {
  const texts = new Map<string, string[]>();
  const forms = new Map<string, string[]>();
  for (const [namespace, strings] of Object.entries(CATALOGUES[code])) {
    for (const [key, text] of Object.entries(strings)) {
      const base = key.replace(PLURAL, "");
      const id = `${namespace}:${base}`;
      texts.set(id, [...(texts.get(id) ?? []), text]);
      if (base !== key) forms.set(id, [...(forms.get(id) ?? []), key.slice(base.length + 1)].sort());
    }
  }
  return { texts, forms };
}

describe("the language catalogues", () => {
  const en = entries("en");

  it("keep English exactly as its keys (the SPEC's texts), but for plural forms and contexts", () => {
    for (const [namespace, strings] of Object.entries(CATALOGUES.en)) {
      for (const [key, text] of Object.entries(strings)) {
        if (!PLURAL.test(key)) expect(text, `${namespace}: ${key}`).toBe(key.replace(CONTEXT, ""));
      }
    }
  });

  it("hold a context's key beside its plain key: a lookup takes the first namespace with either", () => {
    for (const [namespace, strings] of Object.entries(CATALOGUES.en)) {
      for (const key of Object.keys(strings).filter((k) => CONTEXT.test(k))) {
        expect(Object.keys(strings), `${namespace}: ${key}`).toContain(key.replace(CONTEXT, ""));
      }
    }
  });

  it("hold each key once, in one namespace", () => {
    const seen = new Map<string, string>();
    for (const [namespace, strings] of Object.entries(CATALOGUES.en)) {
      for (const key of Object.keys(strings)) {
        expect(seen.get(key), `"${key}" is in ${seen.get(key)} and ${namespace}`).toBeUndefined();
        seen.set(key, namespace);
      }
    }
  });

  for (const code of LANGUAGE_CODES.filter((c) => c !== "en")) {
    describe(code, () => {
      const other = entries(code);

      it("has every key of English and no other, none of them empty", () => {
        expect([...other.texts.keys()].sort()).toEqual([...en.texts.keys()].sort());
        for (const [id, texts] of other.texts) {
          for (const text of texts) expect(text.trim(), id).not.toBe("");
        }
      });

      it("has the plural forms its language needs, where English has plurals", () => {
        for (const id of en.forms.keys()) expect(other.forms.get(id), id).toEqual(pluralForms(code));
        expect([...other.forms.keys()].sort()).toEqual([...en.forms.keys()].sort());
      });

      it("keeps every placeholder and tag of the English text", () => {
        for (const [id, english] of en.texts) {
          // Plural forms may spell out the count ("1 category"), never bring a placeholder of their own.
          const expected = [...new Set(english.flatMap(placeholders))].sort();
          for (const text of other.texts.get(id) ?? []) {
            // Each placeholder once: a text may use one twice ("{{days}}-day … within {{days}} days").
            const got = [...new Set(placeholders(text))].sort();
            if (other.forms.has(id)) expect(expected, `${id} → ${text}`).toEqual(expect.arrayContaining(got));
            else expect(got, `${id} → ${text}`).toEqual(expected);
            expect(tags(text), `${id} → ${text}`).toEqual(tags(english[0] ?? ""));
          }
        }
      });
    });
  }
});

describe("the texts the web app asks for", () => {
  const app = fileURLToPath(new URL("../../../../apps/web/app", import.meta.url));
  const sources = readdirSync(app, { recursive: true, encoding: "utf8" })
    // The app's own files, not its tests (whose sample definitions are no page's texts).
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file, text: readFileSync(join(app, file), "utf8") }));
  /**
   * Each literal key: t("…"), <Trans i18nKey="…">, and the title and description that
   * objects hand to `t` (a form route's meta, the auth benefits, the settings' switches).
   */
  const asked = sources.flatMap(({ file, text }) =>
    [...text.matchAll(/\b(?:t\(\s*|(?:title|description): )"((?:[^"\\]|\\.)*)"|i18nKey="([^"]*)"/g)].map((m) => ({
      file,
      key: m[1] === undefined ? (m[2] ?? "") : (JSON.parse(`"${m[1]}"`) as string),
    })),
  );
  const namespaceOf = new Map(
    Object.entries(CATALOGUES.en).flatMap(([namespace, strings]) =>
      Object.keys(strings).map((key) => [key.replace(PLURAL, ""), namespace] as const),
    ),
  );

  it("are each in a catalogue, so no page says one in English only", () => {
    expect(asked.length).toBeGreaterThan(400);
    expect(asked.filter(({ key }) => !namespaceOf.has(key))).toEqual([]);
  });

  it("outside the admin area, are never in the admin namespace, which only operators' pages carry", () => {
    const outside = asked.filter(({ file }) => !/(^|\/)(features\/admin|routes\/admin-)/.test(file));
    expect(outside.filter(({ key }) => namespaceOf.get(key) === "admin")).toEqual([]);
  });
});
