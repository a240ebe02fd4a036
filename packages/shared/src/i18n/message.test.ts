import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./catalogues.ts";
import { english, inLanguage, plain, valuedMessage } from "./message.ts";
import { createPageTranslator } from "./page-translator.ts";
import { statedMoment } from "./stated-moment.ts";
import { valued } from "./valued-messages.ts";

const t = (code: "es" | "fr") => createPageTranslator(code, CATALOGUES[code]).t;

describe("a message as a key with values", () => {
  it("is written in English as the API has always answered it", () => {
    expect(english(plain("Added to your cart."))).toBe("Added to your cart.");
    expect(english(valuedMessage("inCart", { name: "Git" }))).toBe(valued("inCart", { name: "Git" }));
    const at = new Date("2026-11-30T10:00:00Z");
    expect(english(valuedMessage("refundEnded", { days: 6, moment: at }))).toBe(
      valued("refundEnded", { days: 6, moment: statedMoment(at) }),
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
});
