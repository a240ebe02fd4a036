import { META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { languagePath } from "@skillshelf/shared/i18n/languages.ts";
import { progressFormSchema } from "@skillshelf/shared/progress.ts";
import { data, redirect, useActionData } from "react-router";
import { langOf } from "../components/catalogue-text";
import { FormNotice } from "../components/form/form-notice";
import { articleData, breadcrumbData, listingTrail, smallestUnlock } from "../features/catalogue/structured-data";
import { ArticleBody } from "../features/content/components/article-body";
import { ArticleProgress } from "../features/content/components/article-progress";
import { ContentBanner } from "../features/content/components/content-banner";
import { LockedNote } from "../features/content/components/locked-note";
import { MediaImages } from "../features/content/components/media-images";
import { MediaPdfs } from "../features/content/components/media-pdfs";
import { RelatedContent } from "../features/content/components/related-content";
import { prepareArticleHtml } from "../features/content/prepare-article-html";
import { shareLinks } from "../features/content/share-links";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, checkForm } from "../lib/form-action";
import { metaT, translatorOf } from "../lib/i18n";
import { addressUrl, buildMeta, categoryImage, languageUrl, pageAddress } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-page";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { Route } from "./+types/content";

export const headers = publicPageHeaders;

export async function loader({ context, params }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const { t } = translatorOf(store.i18n);
  const content = await store.content(params.slug, params.content);
  if (!content) throw data(null, { status: 404 });
  const address = pageAddress(store, `/${content.category.slug}/${content.data.slug}`);
  const url = addressUrl(address);
  // The artefact's listing (cached per catalogue version) says where it sits and what unlocks the article.
  const [listing, { data: categories }, progress] = await Promise.all([
    store.listing(content.category.slug),
    store.categories(),
    // The viewer's own (null for a visitor, whose page is kept for every visitor).
    store.articleProgress(content.data.id),
  ]);
  const trail = listing
    ? listingTrail((path) => languageUrl(store, path), t("Home"), listing.seo_data, categories)
    : [];
  const detail = content.data;
  const image = categoryImage(store.publicUrl, content.category, t);
  const artefact = trail[trail.length - 1];
  // Built here, on the server: the page's JavaScript does not carry the JSON-LD builders.
  const article = artefact
    ? [
        articleData({
          headline: detail.title,
          description: detail.short_description || detail.meta_description || t(META_DEFAULTS.contentDescription),
          url,
          image: image.url,
          artefact,
        }),
      ]
    : [];
  return {
    content: { ...content, data: { ...detail, description: prepareArticleHtml(detail.description) } },
    address,
    share: shareLinks({ url, title: detail.title }),
    image,
    structuredData: [...article, breadcrumbData([...trail, { name: detail.title, url }])],
    unlock: listing && !content.is_payment_paid ? smallestUnlock(listing, detail.id) : null,
    // Only an owner has progress: the control is theirs alone.
    progress: progress?.owned ? progress : null,
  };
}

/**
 * The owner's "Mark as done" / "Mark as not done". A plain form post is sent
 * back to the article (303), or gets it again with the reason it failed; a
 * visitor (or an ended session) signs in first and comes back here.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const store = context.get(storeContext);
  const here = languagePath(store.i18n.language, `/${params.slug}/${params.content}`);
  if (!store.viewer && !store.dataRequest) {
    throw redirect(languagePath(store.i18n.language, `/login?redirectTo=${encodeURIComponent(here)}`), 303);
  }
  const checked = checkForm(await request.formData(), progressFormSchema);
  return answerForm(store, checked.ok ? await store.progress.setDone(checked.data) : checked.outcome, here);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

export const shouldRevalidate = revalidateUnlessUnsent;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const detail = loaderData?.content.data;
  // SPEC.md "Page metadata": without SEO data, the fixed default title and generic description.
  const title = detail?.meta_title || t(META_DEFAULTS.contentTitle);
  const description = detail?.meta_description || t(META_DEFAULTS.contentDescription);
  if (!loaderData || !detail) return buildMeta({ t, title, description, type: "article" });
  const { address, image, structuredData } = loaderData;
  return buildMeta({ t, title, description, address, type: "article", image, structuredData });
}

export default function Content({ loaderData }: Route.ComponentProps) {
  const { content, share, unlock, progress } = loaderData;
  // A plain form post's failure (no JavaScript): the article is no longer the learner's, or is gone.
  const posted = useActionData<typeof action>();
  const { data: detail, related, category, is_payment_paid: paid } = content;
  const images = detail.content_media.filter((media) => media.mimetype.startsWith("image/"));
  const pdfs = detail.content_media.filter((media) => media.mimetype === "application/pdf");

  return (
    <>
      <ContentBanner
        title={detail.title}
        shortDescription={detail.short_description}
        untranslated={detail.untranslated}
        category={category}
        share={share}
      />
      <div className="container content-layout">
        <RelatedContent items={related} />
        <div className="content-main">
          <ArticleBody html={detail.description} lang={langOf(detail, "description")} />
          <FormNotice outcome={posted} fieldless />
          {progress && <ArticleProgress key={detail.id} contentId={detail.id} progress={progress} />}
          {!paid && (images.length > 0 || pdfs.length > 0) && <LockedNote category={category} unlock={unlock} />}
          {images.length > 0 && <MediaImages key={detail.id} images={images} paid={paid} />}
          {pdfs.length > 0 && <MediaPdfs pdfs={pdfs} paid={paid} />}
        </div>
      </div>
    </>
  );
}
