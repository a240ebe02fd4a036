import type {
  ArtefactOffer,
  CategoriesResponse,
  Category,
  CategoryEntry,
  ContentResponse,
  ContentSummary,
  HomeCatalogue,
  HomeQuery,
  HomeTiles,
  ListingResponse,
  MoreCategoriesResponse,
  Navigation,
  Viewer,
} from "@skillshelf/shared/api.ts";
import { localized, type Translations } from "@skillshelf/shared/catalogue-translations.ts";
import { MORE_CATEGORY } from "@skillshelf/shared/constants.ts";
import { DEFAULT_LANGUAGE, type LanguageCode } from "@skillshelf/shared/i18n/languages.ts";
import { toMajor } from "@skillshelf/shared/money.ts";
import type { SearchResults } from "@skillshelf/shared/search.ts";
import { and, asc, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { saleableLineKeys } from "../cart/cart-lines.ts";
import { ownsContent } from "../cart/ownership.ts";
import type { Db } from "../db/client.ts";
import { categories, contentMedia, contents, relatedContents } from "../db/schema/index.ts";
import { type CachedBody, cachedBody } from "../lib/cached-body.ts";
import type { MediaSigner } from "../media/media-signer.ts";
import { HomeTileIndex } from "./home-tiles.ts";
import { iconSvgs } from "./icon-sets.ts";
import {
  type CatalogueSnapshot,
  type CategoryRow,
  type ContentRow,
  loadSnapshot,
  localizeSnapshot,
  marksOf,
} from "./load-snapshot.ts";
import { sanitizeArticleHtml } from "./sanitize-html.ts";
import { searchCatalogue } from "./search-catalogue.ts";
import { buildSitemaps, type Sitemaps } from "./sitemap.ts";

export const CATALOGUE_CHANNEL = "catalogue_changed";

const toPrice = (minor: number | null, currency: string) => (minor === null ? null : toMajor(minor, currency));

/** A serialized JSON body with its ETag. */
export type JsonBody = CachedBody;

/**
 * Everything the public pages and the catalogue API read of the category tree,
 * as objects and as serialized bodies, built together once per catalogue version:
 * no request parses or rebuilds them.
 */
interface CategoryViews {
  response: CategoriesResponse;
  /** Serialized when first asked for: pages read the objects, and only API clients the bodies. */
  categories: () => JsonBody;
  more: CategoryEntry[];
  moreBody: () => JsonBody;
  navigation: Navigation;
  home: HomeCatalogue;
  homeTiles: HomeTileIndex;
}

/** `value` serialized on the first call, and that body on every later one. */
const jsonBody = (value: unknown): (() => JsonBody) => {
  let body: JsonBody | undefined;
  return () => {
    body ??= cachedBody(JSON.stringify(value));
    return body;
  };
};

/**
 * One value built at most once per catalogue version: callers share the build in flight,
 * and a failed build is not kept, so the next call tries again.
 */
class PerVersion<T> {
  private promise: Promise<T> | null = null;
  constructor(private readonly build: () => Promise<T>) {}

  get(): Promise<T> {
    if (!this.promise) {
      const promise = this.build();
      this.promise = promise;
      promise.catch(() => {
        if (this.promise === promise) this.promise = null;
      });
    }
    return this.promise;
  }

  clear(): void {
    this.promise = null;
  }
}

/** A value built at most once per catalogue version in each language it is asked in. */
class PerLanguage<T> {
  private readonly each = new Map<LanguageCode, PerVersion<T>>();
  constructor(private readonly build: (language: LanguageCode) => Promise<T>) {}

  get(language: LanguageCode): Promise<T> {
    let one = this.each.get(language);
    if (!one) {
      one = new PerVersion(() => this.build(language));
      this.each.set(language, one);
    }
    return one.get();
  }

  clear(): void {
    for (const one of this.each.values()) one.clear();
  }
}

/** The texts of an article (and of its media's names) that have translations. */
const ARTICLE_TEXTS = ["title", "short_description", "description", "meta_title", "meta_description"] as const;

/** How many queries' results the catalogue keeps (CatalogueService.search). */
const MAX_KEPT_SEARCHES = 200;
const keptSearches = () => new LRUCache<string, Promise<SearchResults>>({ max: MAX_KEPT_SEARCHES });

interface CachedContent {
  response: Omit<ContentResponse, "is_payment_paid">;
  /** True when nothing that covers the content has a price. */
  free: boolean;
  categoryId: number;
  groupId: number | null;
}

/**
 * Reads the public catalogue. Everything but the viewer-specific part of a
 * content page is cached in memory and dropped whenever the catalogue changes
 * (in this process, or in another instance through a database notification).
 */
export class CatalogueService {
  private generation = 0;
  private readonly snapshots = new PerVersion(() => loadSnapshot(this.db));
  private readonly localSnapshots = new PerLanguage(async (language) =>
    localizeSnapshot(await this.snapshots.get(), language),
  );
  private readonly views = new PerLanguage((language) => this.buildViews(language));
  private readonly sitemaps = new PerVersion(async () =>
    buildSitemaps(await this.snapshots.get(), this.options.sitemap),
  );
  private readonly saleable = new PerVersion(() => saleableLineKeys(this.db));
  private listings = new Map<string, ListingResponse | null>();
  private contentCache = new Map<string, CachedContent | null>();
  private static readonly MAX_CACHED_CONTENTS = 2000;
  /**
   * The results of the queries searched most recently (query and limit), kept until the catalogue changes:
   * the search page of a signed-in learner and GET /api/search read them, as the page cache keeps a
   * visitor's search page. A search of the 100x catalogue ranks a few hundred matches (about 10 ms on
   * PGlite against 3 ms at the demo's size); a query searched again costs nothing of the catalogue's size.
   */
  private searches = keptSearches();

  constructor(
    private readonly db: Db,
    private readonly options: {
      currency: string;
      signer: MediaSigner;
      /** The sitemap's absolute URLs start with PUBLIC_URL; tests lower the URLs per file to see the index. */
      sitemap: { publicUrl: string; urlsPerFile?: number };
    },
  ) {}

  /** Changes whenever the catalogue does (here, or in another instance): what a page cache keys on. */
  get version(): number {
    return this.generation;
  }

  get signer(): MediaSigner {
    return this.options.signer;
  }

  invalidate(): void {
    this.generation++;
    this.snapshots.clear();
    this.localSnapshots.clear();
    this.views.clear();
    this.sitemaps.clear();
    this.saleable.clear();
    this.listings.clear();
    this.contentCache.clear();
    // A new cache, not a cleared one: a search still running for the old catalogue keeps its result to itself.
    this.searches = keptSearches();
  }

  /** The serialized GET /api/categories body and its ETag. */
  async categoriesBody(language: LanguageCode = DEFAULT_LANGUAGE): Promise<JsonBody> {
    return (await this.views.get(language)).categories();
  }

  /** The serialized GET /api/categories/more body (the 'More..' list) and its ETag. */
  async moreBody(language: LanguageCode = DEFAULT_LANGUAGE): Promise<JsonBody> {
    return (await this.views.get(language)).moreBody();
  }

  /** Shared between requests: callers must not mutate it. */
  async categories(language: LanguageCode = DEFAULT_LANGUAGE): Promise<CategoriesResponse> {
    return (await this.views.get(language)).response;
  }

  async navigation(language: LanguageCode = DEFAULT_LANGUAGE): Promise<Navigation> {
    return (await this.views.get(language)).navigation;
  }

  async moreCategories(language: LanguageCode = DEFAULT_LANGUAGE): Promise<CategoryEntry[]> {
    return (await this.views.get(language)).more;
  }

  async home(language: LanguageCode = DEFAULT_LANGUAGE): Promise<HomeCatalogue> {
    return (await this.views.get(language)).home;
  }

  /** One page of home's artefacts (of a letter): GET /api/categories/home and the home page. */
  async homeTiles(query: HomeQuery, language: LanguageCode = DEFAULT_LANGUAGE): Promise<HomeTiles> {
    return (await this.views.get(language)).homeTiles.page(query);
  }

  /** The artefacts matching `text`, best first, at most `limit` (search-catalogue.ts); kept per query. */
  search(text: string, limit: number, language: LanguageCode = DEFAULT_LANGUAGE): Promise<SearchResults> {
    const key = `${language} ${limit} ${text.trim()}`;
    const searches = this.searches;
    const kept = searches.get(key);
    if (kept) return kept;
    const results = searchCatalogue(this.db, text, limit, language);
    searches.set(key, results);
    // A failed search is not kept.
    results.catch(() => {
      if (searches.get(key) === results) searches.delete(key);
    });
    return results;
  }

  /** How many of a cart's lines (keys as `cartLineKeysOf`) are for sale: the header's badge, counted in memory. */
  async cartCount(lineKeys: readonly number[]): Promise<number> {
    const saleable = await this.saleable.get();
    return lineKeys.filter((key) => saleable.has(key)).length;
  }

  /** GET /sitemap.xml and its numbered files, built once per catalogue version. */
  sitemap(): Promise<Sitemaps> {
    return this.sitemaps.get();
  }

  private async buildViews(language: LanguageCode): Promise<CategoryViews> {
    const snapshot = await this.localSnapshots.get(language);
    const response = this.buildCategories(snapshot);
    const more = response.header_category.find((c) => c.id === MORE_CATEGORY.id)?.content ?? [];
    const moreResponse: MoreCategoriesResponse = {
      status: true,
      message: "Categories fetched successfully",
      data: more,
    };
    const byId = new Map(response.data.map((c) => [c.id, c]));
    const parents = response.data
      .filter((c) => c.parent_id === 0)
      .map((parent) => ({
        id: parent.id,
        slug: parent.slug,
        name: parent.name,
        icon: parent.icon,
        single_line: parent.single_line,
        ...marksOf(parent, ["name", "single_line"]),
        artefacts: parent.content.flatMap((entry) => {
          const artefact = byId.get(entry.id);
          if (!artefact) return [];
          const { id, slug, name, icon, single_line } = artefact;
          const row = snapshot.bySlug.get(slug);
          const offer = row ? this.offerOf(snapshot, row) : { price: null, from: false };
          const marks = marksOf(artefact, ["name", "single_line"]);
          return [{ id, slug, name, icon, single_line, count: artefact.content.length, offer, ...marks }];
        }),
      }));
    const home: HomeCatalogue = {
      parents,
      articleCount: parents.reduce((sum, p) => sum + p.artefacts.reduce((n, a) => n + a.count, 0), 0),
      artefactCount: parents.reduce((sum, p) => sum + p.artefacts.length, 0),
      currency: this.options.currency,
      // Each distinct icon once: the tiles draw them from one sprite (artefact-groups.tsx).
      icons: iconSvgs(parents.flatMap((p) => [p.icon, ...p.artefacts.map((a) => a.icon)])),
    };
    return {
      response,
      categories: jsonBody(response),
      more,
      moreBody: jsonBody(moreResponse),
      navigation: {
        header: response.header_category
          .filter((c) => c.id !== MORE_CATEGORY.id)
          .map(({ id, slug, name, untranslated }) => ({ id, slug, name, ...marksOf({ untranslated }, ["name"]) })),
        hasMore: more.length > 0,
      },
      home,
      homeTiles: new HomeTileIndex(home),
    };
  }

  async listing(slug: string, language: LanguageCode = DEFAULT_LANGUAGE): Promise<ListingResponse | null> {
    const key = `${language}/${slug}`;
    const cached = this.listings.get(key);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const snapshot = await this.localSnapshots.get(language);
    const result = this.buildListing(snapshot, slug);
    if (generation === this.generation && this.listings.size < 5000) this.listings.set(key, result);
    return result;
  }

  /**
   * A content item as `viewer` may see it. `owns` answers whether the viewer owns it when the
   * caller reads that anyway (the article page, with the viewer's progress); by default it is read here.
   */
  async content(
    slug: string,
    contentSlug: string,
    viewer: Viewer | null,
    {
      owns,
      language = DEFAULT_LANGUAGE,
    }: { owns?: (contentId: number) => Promise<boolean>; language?: LanguageCode } = {},
  ): Promise<ContentResponse | null> {
    const cached = await this.cachedContent(slug, contentSlug, language);
    if (!cached) return null;
    const unlocked = await this.unlocked(cached, viewer, owns);
    const { response } = cached;
    return {
      ...response,
      data: {
        ...response.data,
        content_media: response.data.content_media.map((m) => ({
          ...m,
          path: unlocked ? this.options.signer.url(m.id, viewer?.userId ?? 0) : null,
        })),
      },
      is_payment_paid: unlocked,
    };
  }

  /** Whether the content's media may be served to this viewer (used by the media route). */
  async mediaUnlocked(mediaId: number, viewer: Viewer | null): Promise<boolean> {
    const [row] = await this.db
      .select({ slug: categories.slug, contentSlug: contents.slug })
      .from(contentMedia)
      .innerJoin(contents, eq(contents.id, contentMedia.contentId))
      .innerJoin(categories, eq(categories.id, contents.categoryId))
      .where(eq(contentMedia.id, mediaId));
    if (!row) return false;
    const cached = await this.cachedContent(row.slug, row.contentSlug, DEFAULT_LANGUAGE);
    return cached ? this.unlocked(cached, viewer) : false;
  }

  /** The article as kept until the catalogue changes (null: there is none). */
  private async cachedContent(
    slug: string,
    contentSlug: string,
    language: LanguageCode,
  ): Promise<CachedContent | null> {
    const key = `${language}/${slug}/${contentSlug}`;
    let cached = this.contentCache.get(key);
    if (cached === undefined) {
      const generation = this.generation;
      cached = await this.loadContent(slug, contentSlug, language);
      if (generation === this.generation) {
        if (this.contentCache.size >= CatalogueService.MAX_CACHED_CONTENTS) this.contentCache.clear();
        this.contentCache.set(key, cached);
      }
    }
    return cached;
  }

  /** Whether an article's media are open to this viewer: it is free, or they own it. */
  private async unlocked(
    cached: CachedContent,
    viewer: Viewer | null,
    owns?: (contentId: number) => Promise<boolean>,
  ): Promise<boolean> {
    if (cached.free) return true;
    if (viewer === null) return false;
    return owns ? owns(cached.response.data.id) : ownsContent(this.db, viewer.userId, cached);
  }

  private toCategory(row: CategoryRow, content: { id: number; slug: string; name: string }[]): Category {
    return {
      id: row.id,
      slug: row.slug,
      parent_id: row.parentId ?? 0,
      icon: row.icon,
      name: row.name,
      single_line: row.singleLine,
      is_header_menu: row.isHeaderMenu ? 1 : 0,
      content,
      ...marksOf(row, ["name", "single_line"]),
    };
  }

  private offerOf(snapshot: CatalogueSnapshot, row: CategoryRow): ArtefactOffer {
    if (row.priceMinor !== null) return { price: toMajor(row.priceMinor, this.options.currency), from: false };
    const groupPrices = (snapshot.groupsOf.get(row.id) ?? []).flatMap((g) =>
      g.priceMinor === null ? [] : [g.priceMinor],
    );
    return groupPrices.length
      ? { price: toMajor(Math.min(...groupPrices), this.options.currency), from: true }
      : { price: null, from: false };
  }

  private entriesOf(snapshot: CatalogueSnapshot, row: CategoryRow): CategoryEntry[] {
    if (row.parentId === null) {
      return (snapshot.childrenOf.get(row.id) ?? []).map((c) => ({
        id: c.id,
        slug: c.slug,
        name: c.name,
        ...marksOf(c, ["name"]),
      }));
    }
    return (snapshot.contentsOf.get(row.id) ?? []).map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.title,
      ...(c.untranslated?.includes("title") ? { untranslated: ["name"] } : {}),
    }));
  }

  private buildCategories(snapshot: CatalogueSnapshot): CategoriesResponse {
    const data: Category[] = [];
    for (const parent of snapshot.parents) {
      data.push(this.toCategory(parent, this.entriesOf(snapshot, parent)));
      for (const child of snapshot.childrenOf.get(parent.id) ?? []) {
        data.push(this.toCategory(child, this.entriesOf(snapshot, child)));
      }
    }
    const header = data.filter((c) => c.is_header_menu === 1);
    const more: Category = {
      id: MORE_CATEGORY.id,
      slug: MORE_CATEGORY.slug,
      parent_id: 0,
      icon: "",
      name: MORE_CATEGORY.name,
      single_line: "",
      is_header_menu: 1,
      content: data
        .filter((c) => c.is_header_menu === 0)
        .map((c) => ({ id: c.id, slug: c.slug, name: c.name, ...marksOf(c, ["name"]) })),
    };
    return {
      status: true,
      message: "Categories fetched successfully",
      data,
      header_category: more.content.length > 0 ? [...header, more] : header,
      seo_data: { meta_title: null, meta_description: null },
    };
  }

  private buildListing(snapshot: CatalogueSnapshot, slug: string): ListingResponse | null {
    const row = snapshot.bySlug.get(slug);
    if (!row) return null;
    const currency = this.options.currency;
    const summary = (c: ContentRow): ContentSummary => ({
      id: c.id,
      title: c.title,
      short_description: c.shortDescription,
      slug: c.slug,
      ...marksOf(c, ["title", "short_description"]),
    });
    const seo_data = {
      id: row.id,
      slug: row.slug,
      parent_id: row.parentId ?? 0,
      icon: row.icon,
      name: row.name,
      single_line: row.singleLine,
      price: row.parentId === null ? null : toPrice(row.priceMinor, currency),
      currency,
      payment_note: row.paymentNote,
      meta_title: row.metaTitle,
      meta_description: row.metaDescription,
      ...marksOf(row, ["name", "single_line", "payment_note", "meta_title", "meta_description"]),
    };
    if (row.parentId === null) {
      const children = (snapshot.childrenOf.get(row.id) ?? []).map((c) => ({
        ...this.toCategory(c, this.entriesOf(snapshot, c)),
        offer: this.offerOf(snapshot, c),
      }));
      return {
        status: true,
        message: "Data fetched successfully",
        kind: "parent",
        data: [],
        groups: [],
        children,
        seo_data,
      };
    }
    const all = snapshot.contentsOf.get(row.id) ?? [];
    const groups = (snapshot.groupsOf.get(row.id) ?? []).map((g) => ({
      id: g.id,
      name: g.name,
      price: toPrice(g.priceMinor, currency),
      currency,
      payment_note: g.paymentNote,
      contents: all.filter((c) => c.groupId === g.id).map(summary),
      ...marksOf(g, ["name", "payment_note"]),
    }));
    return {
      status: true,
      message: "Data fetched successfully",
      kind: "artefact",
      data: all.filter((c) => c.groupId === null).map(summary),
      groups,
      children: [],
      seo_data,
    };
  }

  private async loadContent(slug: string, contentSlug: string, language: LanguageCode): Promise<CachedContent | null> {
    const snapshot = await this.localSnapshots.get(language);
    const category = snapshot.bySlug.get(slug);
    if (!category || category.parentId === null) return null;
    const [row] = await this.db
      .select({
        id: contents.id,
        slug: contents.slug,
        groupId: contents.groupId,
        title: contents.title,
        shortDescription: contents.shortDescription,
        description: contents.description,
        metaTitle: contents.metaTitle,
        metaDescription: contents.metaDescription,
        translations: contents.translations,
      })
      .from(contents)
      .where(and(eq(contents.categoryId, category.id), eq(contents.slug, contentSlug)));
    if (!row) return null;
    const [media, related] = await Promise.all([
      this.db
        .select({
          id: contentMedia.id,
          name: contentMedia.name,
          mimetype: contentMedia.mimetype,
          translations: contentMedia.translations,
        })
        .from(contentMedia)
        .where(eq(contentMedia.contentId, row.id))
        .orderBy(asc(contentMedia.sortOrder), asc(contentMedia.id)),
      this.db
        .select({
          slug: contents.slug,
          title: contents.title,
          categoryId: contents.categoryId,
          translations: contents.translations,
        })
        .from(relatedContents)
        .innerJoin(contents, eq(contents.id, relatedContents.relatedId))
        .where(eq(relatedContents.contentId, row.id))
        .orderBy(asc(relatedContents.sortOrder)),
    ]);
    const group =
      row.groupId === null ? undefined : snapshot.groupsOf.get(category.id)?.find((g) => g.id === row.groupId);
    const free = category.priceMinor === null && (group?.priceMinor ?? null) === null;
    const article = localized(
      {
        title: row.title,
        short_description: row.shortDescription,
        description: row.description,
        meta_title: row.metaTitle,
        meta_description: row.metaDescription,
      },
      ARTICLE_TEXTS,
      row.translations,
      language,
    );
    const mediaName = (m: { name: string; translations: Translations }) =>
      localized({ name: m.name }, ["name"], m.translations, language);
    return {
      free,
      categoryId: category.id,
      groupId: row.groupId,
      response: {
        status: true,
        message: "Content fetched successfully",
        data: {
          id: row.id,
          slug: row.slug,
          ...article,
          description: sanitizeArticleHtml(article.description),
          content_media: media.map((m) => ({ id: m.id, ...mediaName(m), mimetype: m.mimetype, path: null })),
        },
        related: related.flatMap((r) => {
          const categorySlug = snapshot.slugById.get(r.categoryId);
          const title = localized({ title: r.title }, ["title"], r.translations, language);
          return categorySlug ? [{ slug: r.slug, ...title, category_slug: categorySlug }] : [];
        }),
        category: { id: category.id, slug: category.slug, name: category.name, ...marksOf(category, ["name"]) },
      },
    };
  }
}
