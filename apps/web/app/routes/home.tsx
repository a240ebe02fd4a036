import type { ArtefactTileData } from "@skillshelf/shared/api.ts";
import { HOME_CARD_SLUGS, META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { ArtefactBrowser, type ParentLetters } from "../features/home/components/artefact-browser";
import { type FormatCard, FormatCards } from "../features/home/components/format-cards";
import { HomeHero } from "../features/home/components/home-hero";
import { ProductSection } from "../features/home/components/product-section";
import { Testimonials } from "../features/home/components/testimonials";
import { firstLetter } from "../features/home/first-letter";
import { AI_PRODUCTS, SAAS_PRODUCTS } from "../features/home/marketing-copy";
import { metaT, translatorOf } from "../lib/i18n";
import { buildMeta, pageUrl, previewImage } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-page";
import { storeContext } from "../load-context";
import type { Route } from "./+types/home";

// Home lists every artefact (SPEC.md). Their tiles reach the page once, as HTML rendered
// by entry.server (ServerTilesHtml); the hydration data holds one letter per artefact,
// what the A-Z filter needs to count, and never an article title.
export const headers = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const { t } = translatorOf(store.i18n);
  const [{ parents, articleCount }, { seo_data }, ownership] = await Promise.all([
    store.home(),
    store.categories(),
    store.ownership(),
  ]);
  const artefacts: ArtefactTileData[] = parents.flatMap((p) => p.artefacts);
  const formats: FormatCard[] = HOME_CARD_SLUGS.map((slug) => {
    const found = parents.find((c) => c.slug === slug) ?? artefacts.find((c) => c.slug === slug);
    return found ? { slug, name: found.name, icon: found.icon, single_line: found.single_line } : { slug };
  });
  const showcase = artefacts.slice(0, 3);
  const products = [...SAAS_PRODUCTS, ...AI_PRODUCTS];
  return {
    parents: parents.map(
      (p): ParentLetters => ({ id: p.id, letters: p.artefacts.map((a) => firstLetter(a.name)).join("") }),
    ),
    formats,
    stats: { artefacts: artefacts.length, articles: articleCount },
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
    url: pageUrl(store.publicUrl, "/"),
    image: previewImage(store.publicUrl, t("Tech cards, cheat sheets, labs and interview kits"), t),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return buildMeta({
    t,
    title: loaderData?.seo.meta_title || t(META_DEFAULTS.homeTitle),
    description: loaderData?.seo.meta_description || t(META_DEFAULTS.homeDescription),
    url: loaderData?.url,
    image: loaderData?.image,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { parents, formats, stats, showcase, owned } = loaderData;

  return (
    <>
      <HomeHero showcase={showcase} artefactCount={stats.artefacts} articleCount={stats.articles} />
      <FormatCards cards={formats} />
      <ArtefactBrowser parents={parents} owned={owned} />
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
