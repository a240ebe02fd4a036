import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./catalogues.ts";
import { LANGUAGE_CODES } from "./languages.ts";
import { browserResources, createPageTranslator, type TOptions } from "./page-translator.ts";
import { createTranslator } from "./translator.ts";

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5, 21];
/** Every placeholder any catalogue uses, with a value that would show an escaping or a second pass. */
const SAMPLE: Record<string, unknown> = {
  name: "Docker & <Kubernetes>",
  query: `“{{name}}” <strong>$t(Sign out)</strong> $& $1 '"`,
  price: "€12.00",
  shown: 20,
  subject: "Git",
  unlock: "The whole <em>Docker</em> set",
  year: 2026,
  letter: "D",
  context: "Networking",
};

/** Every key of a language, plural forms and their bases (what the code asks for). */
function keysOf(code: (typeof LANGUAGE_CODES)[number]): string[] {
  const keys = Object.values(CATALOGUES[code]).flatMap((strings) => Object.keys(strings));
  return [...new Set([...keys, ...keys.map((key) => key.replace(PLURAL, ""))])];
}

describe("the pages' translator", () => {
  it("is only asked what it implements: no catalogue text nests ($t), formats or unescapes", () => {
    for (const code of LANGUAGE_CODES) {
      for (const strings of Object.values(CATALOGUES[code])) {
        for (const [key, text] of Object.entries(strings)) {
          for (const s of [key, text]) {
            expect(s, s).not.toContain("$t(");
            for (const [, inner] of s.matchAll(/\{\{(.+?)\}\}/g)) expect(inner, s).toMatch(/^\s*\w+\s*$/);
          }
        }
      }
    }
  });

  it("picks the same form as i18next when a catalogue misses forms or has contexts", () => {
    const suffixes = ["", "_zero", "_one", "_few", "_many", "_other"];
    const names = ["k", "k_ctx"].flatMap((base) => suffixes.map((suffix) => base + suffix));
    const strings = fc.dictionary(fc.constantFrom(...names), fc.constantFrom("", "a {{count}}", "b", "c {{context}}"));
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGE_CODES),
        strings,
        strings,
        fc.option(fc.constantFrom(...COUNTS, 3, 1.5), { nil: undefined }),
        fc.option(fc.constantFrom("ctx", "other", ""), { nil: undefined }),
        (code, first, second, count, context) => {
          const resources = { first, second };
          const options = { count, context };
          const expected = createTranslator(code, resources).t("k", options) as unknown as string;
          expect(createPageTranslator(code, resources).t("k", options)).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  for (const code of LANGUAGE_CODES) {
    describe(code, () => {
      const i18next = createTranslator(code, CATALOGUES[code]);
      // What a page gets (the root loader's data), and the whole catalogue: both answer as i18next does.
      const page = createPageTranslator(code, browserResources(CATALOGUES[code]));
      const whole = createPageTranslator(code, CATALOGUES[code]);
      const keys = keysOf(code);
      const same = (key: string, options?: TOptions) => {
        const expected = i18next.t(key, options as never) as unknown as string;
        expect(page.t(key, options), `${key} ${JSON.stringify(options)}`).toBe(expected);
        expect(whole.t(key, options), `${key} ${JSON.stringify(options)}`).toBe(expected);
      };

      it("answers what i18next answers for every key, bare, with values and with counts 0, 1, 2, 5 and 21", () => {
        expect(keys.length).toBeGreaterThan(100);
        for (const key of keys) {
          same(key);
          same(key, SAMPLE);
          for (const count of COUNTS) {
            same(key, { count });
            same(key, { ...SAMPLE, count });
          }
        }
      });

      it("answers the same for any values, counts and contexts, and for keys no catalogue has", () => {
        const value = fc.oneof(
          fc.string(),
          fc.constantFrom("{{name}}", "{{count}}", "$t(Sign out)", "$&", "<anchor>x</anchor>", "&amp;"),
          fc.integer(),
          fc.double(),
          fc.boolean(),
          fc.constant(null),
          fc.constant(undefined),
        );
        const unknownKey = fc
          .array(
            fc.oneof(fc.string(), fc.constantFrom("{{name}}", "{{ query }}", "{{count}}", "{{missing}}", "_one")),
            {
              maxLength: 4,
            },
          )
          .map((parts) => parts.join(""));
        const options = fc.record(
          {
            name: value,
            query: value,
            price: value,
            missing: value,
            count: fc.oneof(fc.constantFrom(...COUNTS), fc.integer(), fc.double(), fc.constant(undefined)),
            context: fc.oneof(fc.string(), fc.integer(), fc.constant("")),
          },
          { requiredKeys: [] },
        );
        fc.assert(
          fc.property(fc.oneof(fc.constantFrom(...keys), unknownKey), options, (key, opts) => {
            same(key, opts);
          }),
          { numRuns: 2000 },
        );
      });
    });
  }
});
