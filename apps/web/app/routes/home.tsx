import type { ArtefactTileData, HomeParent } from "@skillshelf/shared/api.ts";
import { HOME_CARD_SLUGS, META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { ArtefactBrowser } from "../features/home/components/artefact-browser";
import { type FormatCard, FormatCards } from "../features/home/components/format-cards";
import { HomeHero } from "../features/home/components/home-hero";
import { ProductSection } from "../features/home/components/product-section";
import { Testimonials } from "../features/home/components/testimonials";
import { homeHref } from "../features/home/home-href";
import { AI_PRODUCTS, SAAS_PRODUCTS } from "../features/home/marketing-copy";
import { metaT, translatorOf } from "../lib/i18n";
import { buildMeta, pageAddress, previewImage } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-page";
import { storeContext } from "../load-context";
import type { Route } from "./+types/home";

// Home lists the artefacts (SPEC.md) a page at a time, filtered by letter: /?letter=D&page=2.
export const headers = publicPageHeaders;

/** The first `count` artefacts of the catalogue, in order. */
function firstArtefacts(parents: HomeParent[], count: number): ArtefactTileData[] {
  const found: ArtefactTileData[] = [];
  for (const parent of parents) {
    for (const artefact of parent.artefacts) {
      if (found.length === count) return found;
      found.push(artefact);
    }
  }
  return found;
}

/** A format card's category: a parent, else (in a catalogue arranged otherwise) an artefact. */
function categoryOf(
  parents: HomeParent[],
  slug: string,
): Pick<HomeParent, "name" | "icon" | "single_line" | "untranslated"> | null {
  for (const parent of parents) {
    if (parent.slug === slug) return parent;
    const artefact = parent.artefacts.find((a) => a.slug === slug);
    if (artefact) return artefact;
  }
  return null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const { t } = translatorOf(store.i18n);
  const query = new URL(request.url).searchParams;
  const [{ parents, articleCount, artefactCount }, tiles, { seo_data }, ownership] = await Promise.all([
    store.home(),
    store.homeTiles({ letter: query.get("letter") ?? undefined, page: query.get("page") ?? undefined }),
    store.categories(),
    store.ownership(),
  ]);
  const formats: FormatCard[] = HOME_CARD_SLUGS.map((slug) => {
    const found = categoryOf(parents, slug);
    return found
      ? { slug, name: found.name, icon: found.icon, single_line: found.single_line, untranslated: found.untranslated }
      : { slug };
  });
  const showcase = firstArtefacts(parents, 3);
  const products = [...SAAS_PRODUCTS, ...AI_PRODUCTS];
  return {
    tiles,
    formats,
    stats: { artefacts: artefactCount, articles: articleCount },
    // The artefacts this viewer owns (none for a visitor): tiles drawn in the browser say Owned.
    owned: ownership.categories,
    showcase,
    // The drawings of the icons the page shows outside the tiles (those carry their own).
    icons: store.icons([
      ...formats.map((card) => card.icon ?? ""),
      ...showcase.map((artefact) => artefact.icon),
      ...products.map((product) => product.icon),
    ]),
    seo: seo_data,
    address: pageAddress(store, homeHref(tiles.letter, tiles.page)),
    image: previewImage(store.publicUrl, t("Tech cards, cheat sheets, labs and interview kits"), t),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return buildMeta({
    t,
    title: loaderData?.seo.meta_title || t(META_DEFAULTS.homeTitle),
    description: loaderData?.seo.meta_description || t(META_DEFAULTS.homeDescription),
    address: loaderData?.address,
    image: loaderData?.image,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { tiles, formats, stats, showcase, owned } = loaderData;

  return (
    <>
      <HomeHero showcase={showcase} artefactCount={stats.artefacts} articleCount={stats.articles} />
      <FormatCards cards={formats} />
      <ArtefactBrowser tiles={tiles} owned={owned} />
      <ProductSection
        id="saas-title"
        eyebrow="SaaS products"
        title="Tools that put the learning to work"
        lead="Run the labs, share the library with your team and measure progress, all from one account."
        products={SAAS_PRODUCTS}
      />
      <ProductSection
        id="ai-title"
        eyebrow="AI products"
        title="AI that helps you learn, not just autocomplete"
        lead="Assistants trained on our own material, so every answer points back to something you can read."
        products={AI_PRODUCTS}
        tinted
      />
      <Testimonials />
    </>
  );
}
