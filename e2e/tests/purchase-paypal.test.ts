import { describe, expect, it } from "vitest";
import {
  type Bought,
  buyFromListing,
  checkPage,
  expectOrderPages,
  expectUnlockedMedia,
  useLearnerBrowser,
} from "../support/purchase.ts";

describe("buying one group with PayPal", () => {
  const session = useLearnerBrowser();
  let bought: Bought;

  it("adds the AWS 'Networking Labs' group from its listing and pays on the emulated PayPal page", async () => {
    bought = await buyFromListing(session.page, {
      slug: "aws",
      group: "Networking Labs",
      method: { value: "wallet", label: "PayPal", provider: "paypal" },
      name: "AWS",
      price: "£19.00",
    });
    expect(bought.id).toMatch(/^\d+$/);
    await checkPage(session.page);
  });

  it("shows the order in My Orders and Order details, paid by PayPal, and the group in My Items", async () => {
    await expectOrderPages(session.page, bought, {
      method: "PayPal",
      name: "AWS",
      scope: "Group: Networking Labs",
      price: "£19.00",
      slug: "aws",
      firstArticle: "build-a-vpc",
    });
  });

  it("unlocks the group's article images and PDF", async () => {
    await expectUnlockedMedia(session.page, "/aws/build-a-vpc");
  });

  it("keeps the rest of the artefact locked", async () => {
    const { page } = session;
    await page.goto("/aws/s3-static-website");
    await page.locator(".locked-note").waitFor();
    expect(await page.locator("button.thumb").count()).toBe(0);
  });
});
