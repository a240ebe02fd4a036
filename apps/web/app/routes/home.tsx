import { META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { ArtefactBrowser } from "../features/home/components/artefact-browser";
import { FormatCards } from "../features/home/components/format-cards";
import { HomeHero } from "../features/home/components/home-hero";
import { ProductSection } from "../features/home/components/product-section";
import { Testimonials } from "../features/home/components/testimonials";
import { AI_PRODUCTS, SAAS_PRODUCTS } from "../features/home/marketing-copy";
import { buildMeta, pageUrl } from "../lib/meta";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { data, seo_data } = await context.categories();
  return { categories: data, seo: seo_data, url: pageUrl(context.publicUrl, "/") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return buildMeta({
    title: loaderData?.seo.meta_title || META_DEFAULTS.homeTitle,
    description: loaderData?.seo.meta_description || META_DEFAULTS.homeDescription,
    url: loaderData?.url,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const artefacts = categories.filter((category) => category.parent_id > 0);
  const articleCount = artefacts.reduce((sum, artefact) => sum + artefact.content.length, 0);

  return (
    <>
      <HomeHero artefacts={artefacts} articleCount={articleCount} />
      <FormatCards categories={categories} />
      <ArtefactBrowser categories={categories} />
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
