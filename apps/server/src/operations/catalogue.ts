import {
  categoryCreateSchema,
  categoryReorderSchema,
  categoryUpdateSchema,
  contentCreateSchema,
  contentUpdateSchema,
  groupCreateSchema,
  groupUpdateSchema,
  previewSchema,
  reorderSchema,
} from "@skillshelf/shared/admin-forms.ts";
import { translationUpdateSchema } from "@skillshelf/shared/catalogue-translations.ts";
import { type Message, plain } from "@skillshelf/shared/i18n/message.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { importCatalogueUpload } from "../admin/catalogue/import-catalogue-upload.ts";
import {
  createCategory,
  deleteCategory,
  reorderCategories,
  updateCategory,
} from "../admin/catalogue/manage-categories.ts";
import {
  createContent,
  deleteContent,
  reorderContents,
  sanitizeArticle,
  setRelated,
  updateContent,
} from "../admin/catalogue/manage-contents.ts";
import { createGroup, deleteGroup, reorderGroups, updateGroup } from "../admin/catalogue/manage-groups.ts";
import { addMedia, deleteMedia, type UploadedFile } from "../admin/catalogue/manage-media.ts";
import { moveItem } from "../admin/catalogue/move-item.ts";
import { translateItem } from "../admin/catalogue/translate-item.ts";
import { CATALOGUE_CHANNEL } from "../catalogue/catalogue-service.ts";
import { type Done, defineOperation } from "./operation.ts";

/*
 * The catalogue editor's writes, for /api/admin (routes/api/admin-catalogue.ts)
 * and the admin catalogue's page actions alike. Every write makes each
 * instance drop its cached public catalogue before it answers, so the public
 * pages show the change at once.
 */

/** A write's answer, once each instance has dropped its cached catalogue. */
async function published<D>(app: FastifyInstance, message: Message, data: D): Promise<Done<D>> {
  app.catalogue.invalidate();
  // Replaced and deleted files' bytes are removed in the background.
  app.media.sweepSoon();
  await app.database.notify(CATALOGUE_CHANNEL, "admin");
  return { message, data };
}

/**
 * The owners of new articles are notified in the write's transaction; their mails are written
 * and sent by the mail worker, a batch at a time, starting now rather than at its next poll.
 */
const newArticlesMailed = (app: FastifyInstance) => void app.mail.deliverDue();

const byId = z.object({ id: rowId() });
/** An artefact's ids in their new order. */
const artefactOrder = reorderSchema.extend({ artefactId: rowId() });
const ORDER_SAVED = plain("Order saved.");

export const createCategoryOperation = defineOperation({
  name: "catalogue.createCategory",
  who: "operator",
  audit: { action: "catalogue.category_created" },
  input: (config) => categoryCreateSchema(config.storeCurrency),
  run: async ({ app }, input) =>
    published(app, plain("Category created."), await createCategory(app.database.db, input, app.config.storeCurrency)),
});

export const updateCategoryOperation = defineOperation({
  name: "catalogue.updateCategory",
  who: "operator",
  audit: { action: "catalogue.category_updated" },
  input: (config) => byId.extend({ category: categoryUpdateSchema(config.storeCurrency) }),
  run: async ({ app }, { id, category }) =>
    published(
      app,
      plain("Category saved."),
      await updateCategory(app.database.db, id, category, app.config.storeCurrency),
    ),
});

export const deleteCategoryOperation = defineOperation({
  name: "catalogue.deleteCategory",
  who: "operator",
  audit: { action: "catalogue.category_deleted", object: ({ id }) => ({ type: "category", id }) },
  input: byId,
  run: async ({ app }, { id }) => {
    await deleteCategory(app.database.db, id);
    return published(app, plain("Category deleted."), null);
  },
});

export const reorderCategoriesOperation = defineOperation({
  name: "catalogue.reorderCategories",
  who: "operator",
  audit: { action: "catalogue.categories_reordered", object: (input) => ({ type: "category", id: input.parent_id }) },
  input: categoryReorderSchema,
  run: async ({ app }, input) => {
    await reorderCategories(app.database.db, input);
    return published(app, ORDER_SAVED, null);
  },
});

/** The editor's ↑ and ↓: a parent, an artefact, a group or a content a place up (-1) or down (1) among its siblings. */
export const moveItemOperation = defineOperation({
  name: "catalogue.move",
  who: "operator",
  audit: { action: "catalogue.item_moved", object: ({ kind, id }) => ({ type: kind, id }) },
  input: byId.extend({
    kind: z.enum(["category", "group", "content"]),
    step: z.union([z.literal(-1), z.literal(1)]),
  }),
  run: async ({ app }, { kind, id, step }) => {
    await moveItem(app.database.db, kind, id, step);
    return published(app, ORDER_SAVED, null);
  },
});

export const createGroupOperation = defineOperation({
  name: "catalogue.createGroup",
  who: "operator",
  audit: { action: "catalogue.group_created" },
  input: (config) => z.object({ artefactId: rowId(), group: groupCreateSchema(config.storeCurrency) }),
  run: async ({ app }, { artefactId, group }) =>
    published(
      app,
      plain("Group created."),
      await createGroup(app.database.db, artefactId, group, app.config.storeCurrency),
    ),
});

export const updateGroupOperation = defineOperation({
  name: "catalogue.updateGroup",
  who: "operator",
  audit: { action: "catalogue.group_updated" },
  input: (config) => byId.extend({ group: groupUpdateSchema(config.storeCurrency) }),
  run: async ({ app }, { id, group }) =>
    published(app, plain("Group saved."), await updateGroup(app.database.db, id, group, app.config.storeCurrency)),
});

export const deleteGroupOperation = defineOperation({
  name: "catalogue.deleteGroup",
  who: "operator",
  audit: { action: "catalogue.group_deleted", object: ({ id }) => ({ type: "group", id }) },
  input: byId,
  run: async ({ app }, { id }) => {
    await deleteGroup(app.database.db, id);
    return published(app, plain("Group deleted."), null);
  },
});

export const reorderGroupsOperation = defineOperation({
  name: "catalogue.reorderGroups",
  who: "operator",
  audit: { action: "catalogue.groups_reordered", object: ({ artefactId }) => ({ type: "category", id: artefactId }) },
  input: artefactOrder,
  run: async ({ app }, { artefactId, ids }) => {
    await reorderGroups(app.database.db, artefactId, ids);
    return published(app, ORDER_SAVED, null);
  },
});

export const createContentOperation = defineOperation({
  name: "catalogue.createContent",
  who: "operator",
  audit: { action: "catalogue.content_created", object: ({ artefactId }) => ({ type: "category", id: artefactId }) },
  input: z.object({ artefactId: rowId(), content: contentCreateSchema }),
  run: async ({ app }, { artefactId, content }) => {
    const created = await createContent(app.database.db, artefactId, content);
    newArticlesMailed(app);
    return published(app, plain("Content created."), created);
  },
});

export const updateContentOperation = defineOperation({
  name: "catalogue.updateContent",
  who: "operator",
  audit: { action: "catalogue.content_updated", object: ({ id }) => ({ type: "content", id }) },
  input: byId.extend({ content: contentUpdateSchema }),
  run: async ({ app }, { id, content }) =>
    published(app, plain("Content saved."), await updateContent(app.database.db, id, content)),
});

export const deleteContentOperation = defineOperation({
  name: "catalogue.deleteContent",
  who: "operator",
  audit: { action: "catalogue.content_deleted", object: ({ id }) => ({ type: "content", id }) },
  input: byId,
  run: async ({ app }, { id }) => {
    await deleteContent(app.database.db, id);
    return published(app, plain("Content deleted."), null);
  },
});

export const reorderContentsOperation = defineOperation({
  name: "catalogue.reorderContents",
  who: "operator",
  audit: { action: "catalogue.contents_reordered", object: ({ artefactId }) => ({ type: "category", id: artefactId }) },
  input: artefactOrder,
  run: async ({ app }, { artefactId, ids }) => {
    await reorderContents(app.database.db, artefactId, ids);
    return published(app, ORDER_SAVED, null);
  },
});

export const setRelatedOperation = defineOperation({
  name: "catalogue.setRelated",
  who: "operator",
  audit: { action: "catalogue.related_set", object: ({ id }) => ({ type: "content", id }) },
  input: byId.extend({ ids: z.array(rowId()) }),
  run: async ({ app }, { id, ids }) =>
    published(app, plain("Related content saved."), await setRelated(app.database.db, id, ids)),
});

export const deleteMediaOperation = defineOperation({
  name: "catalogue.deleteMedia",
  who: "operator",
  audit: { action: "catalogue.media_deleted", object: ({ id }) => ({ type: "media", id }) },
  input: byId,
  run: async ({ app }, { id }) => {
    await deleteMedia(app.database.db, id);
    return published(app, plain("The file is removed."), null);
  },
});

/** The article as it would be stored and shown (sanitized); it writes nothing. */
/** An item's texts in Spanish and French, all at once: what the editor's translations form shows side by side. */
export const translateItemOperation = defineOperation({
  name: "catalogue.translate",
  who: "operator",
  audit: { action: "catalogue.translations_saved", object: ({ kind, id }) => ({ type: kind, id }) },
  input: translationUpdateSchema,
  run: async ({ app }, input) =>
    published(app, plain("Translations saved."), {
      kind: input.kind,
      id: input.id,
      translations: await translateItem(app.database.db, input),
    }),
});

export const previewArticleOperation = defineOperation({
  name: "catalogue.preview",
  who: "operator",
  input: previewSchema,
  run: async (_call, { html }) => ({ message: plain("Preview ready"), data: { html: sanitizeArticle(html) } }),
});

/**
 * Files uploaded to a content, already streamed into the media storage as
 * they arrived (the route reads the multipart body): attached after its media.
 */
export const addMediaOperation = defineOperation({
  name: "catalogue.addMedia",
  who: "operator",
  audit: { action: "catalogue.media_added", object: ({ id }) => ({ type: "content", id }) },
  input: byId.extend({ files: z.custom<UploadedFile[]>((value) => Array.isArray(value)) }),
  run: async ({ app }, { id, files }) => {
    const media = await addMedia(app.database.db, app.media, id, files);
    const message =
      media.length === 1 ? plain("The file is uploaded.") : valuedMessage("filesUploaded", { files: media.length });
    return published(app, message, media);
  },
});

/** The whole catalogue replaced by a file, read as it arrives (decision 0010). */
export const importCatalogueOperation = defineOperation({
  name: "catalogue.import",
  who: "operator",
  audit: { action: "catalogue.imported" },
  input: z.object({
    file: z.custom<AsyncIterable<Uint8Array | string>>(
      (value) => typeof (value as AsyncIterable<unknown>)?.[Symbol.asyncIterator] === "function",
    ),
  }),
  run: async ({ app }, { file }) => {
    const summary = await importCatalogueUpload(app.database, app.media, file, app.config.storeCurrency);
    newArticlesMailed(app);
    return published(app, valuedMessage("imported", { ...summary }), summary);
  },
});
