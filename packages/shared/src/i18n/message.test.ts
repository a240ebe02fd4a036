import { describe, expect, it } from "vitest";
import { createCouponSchema } from "../coupons.ts";
import { wholeMinorMessage } from "../money-rules.ts";
import { CATALOGUES } from "./catalogues.ts";
import { english, inLanguage, issueText, messageOfIssue, plain } from "./message.ts";
import { createPageTranslator } from "./page-translator.ts";
import { statedMoment } from "./stated-moment.ts";
import { valuedMessage } from "./valued-messages.ts";

const t = (code: "es" | "fr") => createPageTranslator(code, CATALOGUES[code]).t;

describe("a message as a key with values", () => {
  it("is written in English as the API has always answered it", () => {
    expect(english(plain("Added to your cart."))).toBe("Added to your cart.");
    expect(english(valuedMessage("inCart", { name: "Git" }))).toBe("Git is already in your cart.");
    const at = new Date("2026-11-30T10:00:00Z");
    expect(english(valuedMessage("refundEnded", { days: 6, moment: at }))).toBe(
      `The 6-day money-back guarantee for this order ended on ${statedMoment(at)}.`,
    );
    expect(
      english(valuedMessage("importRefused", { reason: valuedMessage("importLine", { line: 5, reason: "x" }) })),
    ).toBe("The catalogue file was refused, nothing was changed: line 5: x");
  });

  it("is written in a page's language from its key, values and nested messages included", () => {
    expect(inLanguage("es", t("es"), plain("Added to your cart."))).toBe("Añadido al carrito.");
    expect(inLanguage("es", t("es"), valuedMessage("inCart", { name: "Git" }))).toBe("Git ya está en tu carrito.");
    const at = new Date("2026-11-30T10:00:00Z");
    const ended = inLanguage("fr", t("fr"), valuedMessage("refundEnded", { days: 6, moment: at }));
    expect(ended).toContain("2026");
    expect(ended).not.toContain("November");
    expect(ended).not.toContain("{{");
  });

  it("is written in a page's language where another module states it (a price in a currency without decimals)", () => {
    expect(inLanguage("es", t("es"), wholeMinorMessage("Price", "JPY"))).toBe(
      "El precio debe ser un número entero: JPY no tiene decimales",
    );
    expect(inLanguage("fr", t("fr"), wholeMinorMessage("An amount", "JPY"))).toBe(
      "Un montant doit être un nombre entier : JPY n’a pas de décimales",
    );
  });
});

describe("a message as a zod issue's text", () => {
  it("is its key when it has no values, and its key and values otherwise, read back as they were", () => {
    expect(issueText(plain("Enter a code."))).toBe("Enter a code.");
    expect(messageOfIssue("Enter a code.")).toEqual({ key: "Enter a code." });
    const whole = wholeMinorMessage("An amount", "JPY");
    expect(messageOfIssue(issueText(whole))).toEqual(whole);
    const nested = valuedMessage("importRefused", { reason: valuedMessage("importLine", { line: 5, reason: "x" }) });
    expect(messageOfIssue(issueText(nested))).toEqual(nested);
  });

  it("keeps a text that only looks like one as its own key", () => {
    expect(messageOfIssue('{"key": broken')).toEqual({ key: '{"key": broken' });
    expect(messageOfIssue('{"key":1}')).toEqual({ key: '{"key":1}' });
  });

  it("travels from a shared schema to English and to a page's language, no English read back", () => {
    const result = createCouponSchema("JPY").safeParse({ code: "YEN", kind: "amount", value: 1.5 });
    const text = result.error?.issues.find((issue) => issue.path[0] === "value")?.message ?? "";
    expect(english(messageOfIssue(text))).toBe("An amount must be a whole number: JPY has no decimals");
    expect(inLanguage("es", t("es"), messageOfIssue(text))).toBe(
      "Un importe debe ser un número entero: JPY no tiene decimales",
    );
  });
});
