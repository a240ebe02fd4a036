import { describe, expect, it } from "vitest";
import { categoryUpdateSchema, groupCreateSchema, priceSchema } from "./admin-forms.ts";
import { catalogueFileSchema } from "./catalogue-file.ts";
import { createCouponSchema } from "./coupons.ts";
import { english, messageOfIssue } from "./i18n/message.ts";

/** The first message a schema gives, in English, as the API answers it and an English form shows it. */
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
  const issue = result.success ? undefined : result.error?.issues[0];
  return issue ? english(messageOfIssue(issue.message)) : null;
};

describe("prices checked against the store's currency, in the browser and on the server", () => {
  it("lets the admin forms take whole yen only, and pence in pounds", () => {
    expect(priceSchema("JPY").parse("1200")).toBe(1200);
    expect(messageOf(priceSchema("JPY").safeParse("1200.5"))).toBe("Price must be a whole number: JPY has no decimals");
    expect(messageOf(groupCreateSchema("JPY").safeParse({ name: "Basics", price: 0.5 }))).toBe(
      "Price must be a whole number: JPY has no decimals",
    );
    expect(priceSchema("GBP").parse("19.99")).toBe(19.99);
    expect(messageOf(categoryUpdateSchema("GBP").safeParse({ price: 1.234 }))).toBe("Price has at most two decimals");
    // Tens of fils: Stripe charges three-decimal currencies in those only.
    expect(priceSchema("KWD").parse("1.250")).toBe(1.25);
    expect(messageOf(priceSchema("KWD").safeParse("1.234"))).toBe("Price has at most two decimals");
    // One schema per currency, made once.
    expect(priceSchema("jpy")).toBe(priceSchema("JPY"));
  });

  it("lets an amount coupon take whole yen only", () => {
    const coupon = { code: "YEN-100", kind: "amount", value: "100.5" };
    expect(messageOf(createCouponSchema("JPY").safeParse(coupon))).toBe(
      "An amount must be a whole number: JPY has no decimals",
    );
    expect(createCouponSchema("JPY").parse({ ...coupon, value: "100" }).value).toBe(100);
    expect(messageOf(createCouponSchema("GBP").safeParse({ ...coupon, value: "1.005" }))).toBe(
      "An amount has at most two decimals",
    );
  });

  it("lets a catalogue file take whole yen only", () => {
    const file = (price: number) => ({
      version: 1,
      categories: [{ slug: "tech", name: "Tech", artefacts: [{ slug: "docker", name: "Docker", price }] }],
    });
    expect(catalogueFileSchema("JPY").safeParse(file(1200)).success).toBe(true);
    expect(messageOf(catalogueFileSchema("JPY").safeParse(file(1200.5)))).toBe(
      "price must be a whole number: JPY has no decimals",
    );
    expect(catalogueFileSchema("GBP").safeParse(file(19.99)).success).toBe(true);
  });
});
