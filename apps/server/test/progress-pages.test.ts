import type { ListingResponse } from "@skillshelf/shared/api.ts";
import { PROGRESS_MESSAGES } from "@skillshelf/shared/progress.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_PAGE_CACHE_CONTROL } from "../src/routes/pages.ts";
import { createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, ensureWebBuild, PUBLIC_URL, type TestStore } from "./helpers/app.ts";
import { smallCatalogue } from "./helpers/factories.ts";
import { buyFromListing } from "./helpers/orders.ts";
import { formPost, pageHtml } from "./helpers/pages.ts";

let store: TestStore;
let docker: ListingResponse;
let owner: string;
let groupOwner: string;
const idOf = (slug: string) =>
  [...docker.groups.flatMap((g) => g.contents), ...docker.data].find((c) => c.slug === slug)?.id ?? 0;

beforeAll(async () => {
  ensureWebBuild();
  store = await createTestStore({ pages: true });
  await store.importCatalogue(smallCatalogue());
  docker = (await store.app.inject({ method: "POST", url: "/api/get-data", payload: { slug: "docker" } })).json();
  const buyer = async (group?: string) => {
    const user = await createUser(store);
    const token = await signIn(store, user.id);
    await buyFromListing(store, { id: user.id, token }, docker, group);
    return token;
  };
  owner = await buyer();
  groupOwner = await buyer("Basics");
}, 180_000);
afterAll(() => store?.close());

const page = (url: string, token?: string) => pageHtml(store, url, token);
/** The learner's plain form post from the article (no JavaScript). */
const post = (url: string, token: string, fields: Record<string, string>) =>
  formPost(store, url, fields, { cookie: `access-token=${token}` });
const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
/** The content cards marked done on a listing, by their title. */
const doneCards = (html: string) =>
  [...html.matchAll(/<h3[^>]*class="content-card__title"[^>]*>(.*?)<\/h3>/gs)]
    .filter((m) => (m[1] ?? "").includes("content-card__done"))
    .map((m) => textOf((m[1] ?? "").split("<span")[0] ?? "").trim());
/** The My Items card of an item, by its scope line. */
const itemCard = (html: string, scope: string) =>
  [...html.matchAll(/<article class="card owned-item">.*?<\/article>/gs)]
    .map((m) => m[0])
    .find((a) => a.includes(scope)) ?? "";

describe("reading progress on the pages, without JavaScript", () => {
  it("offers the owner Mark as done, marks it by a plain form post, then shows Done on the article, the listing and My Items", async () => {
    const before = await page("/docker/volumes", owner);
    expect(textOf(before)).toContain("Mark as done");
    expect(itemCard(await page("/my-items", owner), "Whole artefact")).toContain('href="/docker/images"');

    const res = await post("/docker/volumes", owner, { content_id: String(idOf("volumes")), done: "true" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/docker/volumes");

    const after = textOf(await page("/docker/volumes", owner));
    expect(after).toContain("Done Mark as not done");
    expect(after).not.toContain("Mark as done");
    expect(doneCards(await page("/docker", owner))).toEqual(["Volumes"]);

    const card = itemCard(await page("/my-items", owner), "Whole artefact");
    expect(card).toMatch(/<progress[^>]*max="3"[^>]*value="1"/);
    expect(textOf(card)).toContain("1 of 3 articles done");
    expect(textOf(card)).toContain("Next: Images and layers");
    expect(card).toContain('href="/docker/images"');

    // And back: Mark as not done.
    const undone = await post("/docker/volumes", owner, { content_id: String(idOf("volumes")), done: "false" });
    expect(undone.statusCode).toBe(303);
    expect(textOf(await page("/docker/volumes", owner))).toContain("Mark as done");
    expect(doneCards(await page("/docker", owner))).toEqual([]);
  });

  it("says Read again once every article of an item is done, leading to its first", async () => {
    const images = await post("/docker/images", groupOwner, { content_id: String(idOf("images")), done: "true" });
    expect(images.statusCode).toBe(303);
    const card = itemCard(await page("/my-items", groupOwner), "Group: Basics");
    expect(textOf(card)).toContain("1 of 1 article done");
    expect(textOf(card)).toContain("Read again");
    expect(card).toContain('href="/docker/images"');
  });

  it("shows no control to a learner who does not own the article, and answers their post with 403 and the reason", async () => {
    // The group's owner has Basics, not the ungrouped Volumes.
    expect(textOf(await page("/docker/volumes", groupOwner))).not.toContain("Mark as done");
    const res = await post("/docker/volumes", groupOwner, { content_id: String(idOf("volumes")), done: "true" });
    expect(res.statusCode).toBe(403);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(textOf(res.body)).toContain(PROGRESS_MESSAGES.notOwned);
  });

  it("sends a visitor's post to sign in, and back to the article", async () => {
    const res = await store.app.inject({
      method: "POST",
      url: "/docker/volumes",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_URL },
      payload: `content_id=${idOf("volumes")}&done=true`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/login?redirectTo=%2Fdocker%2Fvolumes");
  });
});

describe("the pages kept for visitors", () => {
  it("never carry a learner's progress, before or after the owner's own pages", async () => {
    const progressMarks = /Mark as (not )?done|content-card__done|article-progress|owned-item__progress/;
    for (const url of ["/docker", "/docker/volumes", "/docker/images"]) {
      expect(await page(url), url).not.toMatch(progressMarks);
    }
    await post("/docker/volumes", owner, { content_id: String(idOf("volumes")), done: "true" });
    expect(await page("/docker", owner)).toContain("content-card__done");
    expect(await page("/docker/volumes", owner)).toContain("Mark as not done");
    for (const url of ["/docker", "/docker/volumes", "/docker/images"]) {
      const res = await store.app.inject({ method: "GET", url });
      expect(res.headers["cache-control"], url).toBe(SHARED_PAGE_CACHE_CONTROL);
      expect(res.body, url).not.toMatch(progressMarks);
    }
  });
});
