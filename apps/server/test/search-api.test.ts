import type { Highlighted, SearchResults, SearchSuggestion } from "@skillshelf/shared/search.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contents } from "../src/db/schema/index.ts";
import { bearer, createUser, signIn } from "./helpers/accounts.ts";
import { createTestStore, type TestStore } from "./helpers/app.ts";
import { artefact, content, parent, pngBase64 } from "./helpers/factories.ts";

/** Search over the catalogue (GET /api/search, /api/search/suggestions). Runs on PGlite and PostgreSQL. */

let store: TestStore;
let adminToken: string;

const catalogue = () => ({
  version: 1 as const,
  categories: [
    {
      ...parent({ slug: "tech-cards", name: "Tech Cards" }),
      artefacts: [
        {
          ...artefact({ slug: "docker", name: "Docker", single_line: "Containers from build to run", price: 19.99 }),
          groups: [
            {
              name: "Networking basics",
              price: 5,
              contents: [
                content({
                  slug: "bridges",
                  title: "Bridge networks",
                  short_description: "How containers talk.",
                  description:
                    "<p>A bridge network joins <strong>containers</strong> on one host &amp; gives each an address.</p>",
                  media: [{ name: "bridge.png", mimetype: "image/png", data_base64: pngBase64("bridge") }],
                }),
              ],
            },
          ],
          contents: [
            content({
              slug: "volumes",
              title: "Volumes",
              short_description: "Keep data.",
              description: "<p>Persist data beyond a container's life with a named volume.</p>",
            }),
            content({
              slug: "hostile",
              title: "Escaping",
              short_description: "Markup in text",
              description: "<p>Write &lt;script&gt;alert(1)&lt;/script&gt; in a kubectl snippet to test escaping.</p>",
            }),
          ],
        },
        {
          ...artefact({ slug: "kubernetes", name: "Kubernetes", single_line: "Orchestrate many hosts" }),
          contents: [
            content({
              slug: "pods",
              title: "Pods",
              short_description: "The smallest unit.",
              description: "<p>A pod runs one or more containers together.</p>",
            }),
            content({
              slug: "network-policies",
              title: "Network policies",
              short_description: "Who may talk to whom.",
              description: "<p>Policies select pods by label.</p>",
            }),
          ],
        },
      ],
    },
    {
      ...parent({ slug: "secret", name: "Secret", hidden: true }),
      artefacts: [
        {
          ...artefact({ slug: "hidden-artefact", name: "Hidden networking" }),
          contents: [content({ slug: "x", title: "Hidden network article" })],
        },
      ],
    },
  ],
});

beforeAll(async () => {
  store = await createTestStore();
  await store.importCatalogue(catalogue());
  adminToken = await signIn(store, (await createUser(store, { role: "admin" })).id);
});
afterAll(() => store.close());

const search = (q: string, extra = "") => store.app.inject(`/api/search?q=${encodeURIComponent(q)}${extra}`);
const resultsOf = async (q: string) => {
  const res = await search(q);
  expect(res.statusCode).toBe(200);
  return res.json<{ status: boolean; data: SearchResults }>().data;
};
const suggest = async (q: string) => {
  const res = await store.app.inject(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: SearchSuggestion[] }>().data;
};
const marked = (pieces: Highlighted) => pieces.filter((p) => p.match).map((p) => p.text);
const plain = (pieces: Highlighted) => pieces.map((p) => p.text).join("");

describe("GET /api/search", () => {
  it("finds articles by their bodies, grouped under their artefact, with the matching words marked", async () => {
    const data = await resultsOf("bridge");
    expect(data.artefacts.map((a) => a.slug)).toEqual(["docker"]);
    const [docker] = data.artefacts;
    expect(docker?.url).toBe("/docker");
    expect(docker?.parent).toEqual({ name: "Tech Cards", slug: "tech-cards" });
    expect(docker?.articles.map((a) => a.url)).toEqual(["/docker/bridges"]);
    const article = docker?.articles[0];
    expect(marked(article?.title ?? [])).toEqual(["Bridge"]);
    expect(marked(article?.snippet ?? [])).toContain("bridge");
    // The body is plain text: no markup, entities decoded.
    expect(plain(article?.snippet ?? [])).toContain("joins containers on one host & gives");
  });

  it("matches every word as a prefix, so a word being typed already finds", async () => {
    const data = await resultsOf("pod contai");
    expect(data.artefacts.map((a) => a.slug)).toEqual(["kubernetes"]);
    expect(data.artefacts[0]?.articles.map((a) => a.slug)).toEqual(["pods"]);
    expect((await resultsOf("orchestr")).artefacts.map((a) => a.slug)).toEqual(["kubernetes"]);
  });

  it("ranks names and titles above bodies", async () => {
    // 'network' is the title of Kubernetes' 'Network policies' and a group name of Docker, and in Docker's body text.
    const data = await resultsOf("containers");
    // Docker's line says 'Containers' (weight B); Kubernetes only has it in a body (weight C).
    expect(data.artefacts.map((a) => a.slug)).toEqual(["docker", "kubernetes"]);
    expect(data.total).toBe(2);
  });

  it("finds group names, and never a hidden artefact", async () => {
    const data = await resultsOf("networking");
    // Words are stemmed: 'networking' finds 'network' too (Kubernetes' 'Network policies').
    expect(data.artefacts.map((a) => a.slug)).toEqual(["docker", "kubernetes"]);
    expect(data.artefacts[0]?.groups.map((g) => plain(g.name))).toEqual(["Networking basics"]);
    expect(JSON.stringify(await resultsOf("hidden"))).not.toContain("hidden-artefact");
  });

  it("never names media: no media path or file in any result", async () => {
    const body = (await search("bridge")).body;
    expect(body).not.toContain("bridge.png");
    expect(body).not.toContain("/media/");
  });

  it("keeps catalogue text as text: a snippet is pieces of plain text, the body's tags gone and its entities decoded", async () => {
    const article = (await resultsOf("kubectl")).artefacts[0]?.articles[0];
    // The article's text says <script>: it comes back as those characters, for the page to escape.
    expect(plain(article?.snippet ?? [])).toContain("Write <script>alert(1)</script> in a kubectl snippet");
    expect(plain(article?.snippet ?? [])).not.toContain("<p>");
    expect(marked(article?.snippet ?? [])).toEqual(["kubectl"]);
  });

  it("bounds the artefacts returned, and says how many matched", async () => {
    const res = await search("containers", "&limit=1");
    const data = res.json<{ data: SearchResults }>().data;
    expect(data.artefacts).toHaveLength(1);
    expect(data.total).toBe(2);
  });

  it("answers an empty list when nothing matches, or the query has no words", async () => {
    expect(await resultsOf("zzzqqq")).toEqual({ query: "zzzqqq", artefacts: [], total: 0 });
    expect((await resultsOf("&|!:*()'")).artefacts).toEqual([]);
    expect((await resultsOf("the")).artefacts).toEqual([]);
  });

  it("refuses a missing, empty or too long query and a bad limit with 422 and a clear message", async () => {
    for (const url of [
      "/api/search",
      "/api/search?q=",
      "/api/search?q=%20%20",
      `/api/search?q=${"a".repeat(101)}`,
      "/api/search/suggestions?q=",
    ]) {
      const res = await store.app.inject(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json<{ message: string }>().message).toBe("Enter what to search for, at most 100 characters.");
    }
    for (const limit of ["0", "21", "abc", "1.5"]) {
      const res = await search("docker", `&limit=${limit}`);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toBe("limit must be a whole number from 1 to 20");
    }
  });

  it("follows the admin's edits at once, though it keeps the results of a query searched again", async () => {
    const before = (await resultsOf("volumes")).artefacts.flatMap((a) => a.articles.map((t) => plain(t.title)));
    expect(before).toEqual(["Volumes"]);
    expect((await resultsOf("persistent storage")).artefacts).toEqual([]);
    const [volumes] = await store.database.db
      .select({ id: contents.id })
      .from(contents)
      .where(eq(contents.slug, "volumes"));
    const res = await store.app.inject({
      method: "PATCH",
      url: `/api/admin/contents/${volumes?.id}`,
      headers: bearer(adminToken),
      payload: { title: "Persistent storage" },
    });
    expect(res.statusCode).toBe(200);
    const article = (await resultsOf("persistent storage")).artefacts[0]?.articles[0];
    expect(article?.url).toBe("/docker/volumes");
    expect(marked(article?.title ?? [])).toEqual(["Persistent", "storage"]);
    const titles = (await resultsOf("volumes")).artefacts.flatMap((a) => a.articles.map((t) => plain(t.title)));
    expect(titles).toEqual(["Persistent storage"]);
  });

  it("follows an import that replaces the catalogue", async () => {
    expect((await resultsOf("kubernetes")).artefacts.map((a) => a.slug)).toEqual(["kubernetes"]);
    const file = catalogue();
    file.categories[0]?.artefacts.pop();
    await store.importCatalogue(file);
    expect((await resultsOf("kubernetes")).artefacts).toEqual([]);
    await store.importCatalogue(catalogue());
    expect((await resultsOf("kubernetes")).artefacts.map((a) => a.slug)).toEqual(["kubernetes"]);
  });
});

describe("GET /api/search/suggestions", () => {
  it("suggests artefact names and article titles starting with what is typed, with where they are", async () => {
    const suggestions = await suggest("netw");
    expect(suggestions).toEqual(
      expect.arrayContaining([
        { kind: "article", label: "Network policies", context: "Kubernetes", url: "/kubernetes/network-policies" },
      ]),
    );
    // Titles only: Docker's 'Bridge networks' title matches too, its body words do not make suggestions.
    expect(suggestions.map((s) => s.label).sort()).toEqual(["Bridge networks", "Network policies"]);
    expect(await suggest("dock")).toEqual([
      { kind: "artefact", label: "Docker", context: "Tech Cards", url: "/docker" },
    ]);
  });

  it("suggests nothing hidden and bounds the count", async () => {
    expect((await suggest("hidden")).length).toBe(0);
    const res = await store.app.inject("/api/search/suggestions?q=a&limit=11");
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe("limit must be a whole number from 1 to 10");
  });
});

describe("a query that matches more articles than a search ranks", () => {
  let big: TestStore;
  const NOTES = 260;

  beforeAll(async () => {
    big = await createTestStore();
    await big.importCatalogue({
      version: 1,
      categories: [
        {
          ...parent({ slug: "many", name: "Many" }),
          artefacts: [
            {
              ...artefact({ slug: "bulk", name: "Bulk", single_line: "Lots of notes" }),
              contents: Array.from({ length: NOTES }, (_, i) =>
                content({
                  slug: `note-${i}`,
                  title: `Note ${i}`,
                  short_description: "",
                  description: "<p>A zebra.</p>",
                }),
              ),
            },
            {
              ...artefact({ slug: "crossing", name: "Crossing", single_line: "Roads" }),
              contents: [content({ slug: "stripes", title: "Zebra crossings", description: "<p>Stripes.</p>" })],
            },
          ],
        },
      ],
    });
  }, 60_000);
  afterAll(() => big.close());

  it("still ranks the article whose title matches first, and counts every match", async () => {
    const res = await big.app.inject("/api/search?q=zebr");
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: SearchResults }>().data;
    expect(data.artefacts.map((a) => a.slug)).toEqual(["crossing", "bulk"]);
    expect(data.artefacts[0]?.articles.map((a) => a.slug)).toEqual(["stripes"]);
    expect(data.artefacts[1]?.articles).toHaveLength(3);
    expect(data.artefacts[1]?.article_matches).toBe(NOTES);
    expect(data.total).toBe(2);
  });
});
