import http from "node:http";
import type {
  CategoriesResponse,
  Category,
  ContentResponse,
  ContentSummary,
  ListingResponse,
} from "@skillshelf/shared/api.ts";
import { baseUrl } from "./browser.ts";

/**
 * The demo catalogue as the public API describes it, so the page tests find
 * their examples (a priced artefact, a free article with images…) instead of
 * hard-coding slugs that the seed may rename.
 */

export const PARENT_SLUGS = [
  "tech-cards",
  "cheat-sheets",
  "labs",
  "tech-stacks",
  "pocket-guides",
  "interview-kits",
] as const;

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export async function getCategories(): Promise<CategoriesResponse> {
  const response = await fetch(`${baseUrl}/api/categories`);
  if (!response.ok) throw new Error(`GET /api/categories answered ${response.status}`);
  return (await response.json()) as CategoriesResponse;
}

export const getListing = (slug: string) => postJson<ListingResponse>("/api/get-data", { slug });

const getContent = (slug: string, content: string) => postJson<ContentResponse>("/api/get-content", { slug, content });

export interface ArticleRef {
  artefact: Category;
  listing: ListingResponse;
  summary: ContentSummary;
  detail: ContentResponse;
}

/** Every article of the demo with its listing and detail, as a visitor sees them (loaded once per test file). */
export async function loadArticles(): Promise<ArticleRef[]> {
  const { data } = await getCategories();
  const artefacts = data.filter((category) => category.parent_id > 0);
  const perArtefact = await Promise.all(
    artefacts.map(async (artefact) => {
      const listing = await getListing(artefact.slug);
      const summaries = [...listing.groups.flatMap((group) => group.contents), ...listing.data];
      return Promise.all(
        summaries.map(async (summary) => ({
          artefact,
          listing,
          summary,
          detail: await getContent(artefact.slug, summary.slug),
        })),
      );
    }),
  );
  return perArtefact.flat();
}

/** The first item that matches, or a failure that says what the demo data lacks. */
export function pick<T>(items: T[], what: string, predicate: (item: T) => boolean): T {
  const found = items.find(predicate);
  if (!found) throw new Error(`The demo catalogue has no ${what}`);
  return found;
}

export const articlePath = (article: ArticleRef) => `/${article.artefact.slug}/${article.summary.slug}`;

export const imagesOf = (article: ArticleRef) =>
  article.detail.data.content_media.filter((media) => media.mimetype.startsWith("image/"));

export const pdfsOf = (article: ArticleRef) =>
  article.detail.data.content_media.filter((media) => media.mimetype === "application/pdf");

/** SPEC.md section 9: descriptions are cut at 90 characters plus '...'. */
export const cutDescription = (text: string) => (text.length > 90 ? `${text.slice(0, 90)}...` : text);

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A GET with a chosen Host header (fetch forbids setting Host), to show that
 * absolute links come from PUBLIC_URL and not from the request.
 */
export function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "GET", headers: { accept: "text/html", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}
