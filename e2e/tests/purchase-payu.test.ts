import { describe, expect, it } from "vitest";
import {
  type Bought,
  buyFromListing,
  checkPage,
  expectOrderPages,
  expectUnlockedMedia,
  useLearnerBrowser,
} from "../support/purchase.ts";

describe("buying a whole artefact with PayU", () => {
  const session = useLearnerBrowser();
  let bought: Bought;

  it("adds SQL from its listing and pays on the emulated PayU page", async () => {
    bought = await buyFromListing(session.page, {
      slug: "sql",
      method: { value: "regional", label: "PayU", provider: "payu" },
      name: "SQL",
      price: "£9.99",
    });
    expect(bought.id).toMatch(/^\d+$/);
    await checkPage(session.page);
  });

  it("shows the order in My Orders and Order details, paid by PayU, and SQL in My Items", async () => {
    await expectOrderPages(session.page, bought, {
      method: "PayU",
      name: "SQL",
      scope: "Whole artefact",
      price: "£9.99",
      slug: "sql",
      firstArticle: "joins",
    });
  });

  it("unlocks the article's images and PDF", async () => {
    await expectUnlockedMedia(session.page, "/sql/joins");
  });
});
