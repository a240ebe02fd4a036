import multipart from "@fastify/multipart";
import {
  ADMIN_MESSAGES,
  adminCataloguePageSchema,
  adminCategorySchema,
  adminContentSchema,
  adminGroupSchema,
  adminMediaSchema,
  categoryUpdateSchema,
  contentCreateSchema,
  contentUpdateSchema,
  groupCreateSchema,
  groupUpdateSchema,
  importSummarySchema,
  relatedSchema,
  reorderSchema,
} from "@skillshelf/shared/admin-forms.ts";
import { okEnvelope } from "@skillshelf/shared/api.ts";
import { storedTranslationsSchema, TRANSLATED_ITEMS } from "@skillshelf/shared/catalogue-translations.ts";
import { english, type Message, plain } from "@skillshelf/shared/i18n/message.ts";
import { valuedMessage } from "@skillshelf/shared/i18n/valued-messages.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { searchPageQuery } from "@skillshelf/shared/paging.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportCatalogue } from "../../admin/catalogue/export-catalogue.ts";
import { CatalogueRefusedError } from "../../admin/catalogue/import-catalogue-upload.ts";
import { storeUpload, type UploadedFile } from "../../admin/catalogue/manage-media.ts";
import { readAdminCatalogue, readAdminContent } from "../../admin/catalogue/read-admin-catalogue.ts";
import { AppError } from "../../lib/app-error.ts";
import { isUnsafeText } from "../../lib/unsafe-text.ts";
import type { MediaStore } from "../../media/media-store.ts";
import { sendMedia } from "../../media/send-media.ts";
import { MediaTooLargeError } from "../../media/storage.ts";
import { apiRoute } from "../../operations/api-route.ts";
import {
  addMediaOperation,
  createCategoryOperation,
  createContentOperation,
  createGroupOperation,
  deleteCategoryOperation,
  deleteContentOperation,
  deleteGroupOperation,
  deleteMediaOperation,
  importCatalogueOperation,
  previewArticleOperation,
  reorderCategoriesOperation,
  reorderContentsOperation,
  reorderGroupsOperation,
  setRelatedOperation,
  translateItemOperation,
  updateCategoryOperation,
  updateContentOperation,
  updateGroupOperation,
} from "../../operations/catalogue.ts";
import { type ErrorBody, errorBody } from "../../operations/envelope.ts";
import { runOperation } from "../../operations/operation.ts";
import {
  answerUpload,
  CATALOGUE_PAGE,
  isFormNavigation,
  refuseCrossSiteForms,
  type UploadAnswer,
} from "../form-navigation.ts";
import { answers, bytes, DONE, SIGNED_IN } from "./openapi.ts";

const MAX_FILES = 10;

const tags = ["admin catalogue"];
const byId = z.object({ id: rowId() });
/** The answer to a write: what was saved, in `data`. */
const saved = <Data extends z.ZodType>(data: Data) => okEnvelope({ data });

/**
 * The operator's catalogue editor, under /api/admin (whose hook admits admins
 * only). Every write makes each instance drop its cached public catalogue
 * before it answers, so the public pages show the change at once: each write
 * is an operation (operations/catalogue.ts), which the admin pages' form
 * actions run too.
 */
export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // Uploads and imports take multipart forms, which another site's page could post: refused, as the pages do.
  app.addHook("onRequest", refuseCrossSiteForms(app.config.publicUrl));
  // One byte past the limit reaches the store's meter, which refuses the file before it is kept (MediaTooLargeError).
  await app.register(multipart, {
    limits: { fileSize: app.media.maxBytes + 1, files: MAX_FILES, fields: 20, parts: 40 },
  });
  const db = app.database.db;
  const currency = app.config.storeCurrency;

  app.get(
    "/catalogue",
    {
      schema: {
        summary:
          "The catalogue for the editor, hidden parts included: parent categories in order, a page at a time, each with its artefacts, groups and contents; a search keeps the parts whose name, slug or title has it",
        tags,
        querystring: searchPageQuery,
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: adminCataloguePageSchema })),
      },
    },
    async (request) => ({
      status: true,
      message: "Catalogue fetched successfully",
      data: await readAdminCatalogue(db, currency, {
        cursors: app.cursors,
        page: { cursor: request.query.cursor, limit: request.query.limit },
        search: request.query.search,
        open: "all",
      }),
    }),
  );

  const write = { tags, response: answers(DONE) };
  apiRoute(app, createCategoryOperation, {
    method: "POST",
    url: "/categories",
    schema: {
      summary: "Create a parent category (parent_id null or 0) or an artefact",
      tags,
      response: answers(saved(adminCategorySchema), 201),
    },
    status: 201,
  });
  apiRoute(app, reorderCategoriesOperation, {
    method: "POST",
    url: "/categories/reorder",
    schema: { summary: "Order the parents, or one parent's artefacts", ...write },
  });
  apiRoute(app, updateCategoryOperation, {
    method: "PATCH",
    url: "/categories/:id",
    schema: {
      summary: "Change a category's fields",
      tags,
      params: byId,
      body: categoryUpdateSchema(currency),
      response: answers(saved(adminCategorySchema)),
    },
    input: ({ params, body }) => ({ id: params.id, category: body }),
  });
  apiRoute(app, deleteCategoryOperation, {
    method: "DELETE",
    url: "/categories/:id",
    schema: { summary: "Delete an empty parent, or an artefact nobody bought", params: byId, ...write },
    input: ({ params }) => params,
  });

  apiRoute(app, createGroupOperation, {
    method: "POST",
    url: "/categories/:id/groups",
    schema: {
      summary: "Add a group to an artefact",
      tags,
      params: byId,
      body: groupCreateSchema(currency),
      response: answers(saved(adminGroupSchema), 201),
    },
    status: 201,
    input: ({ params, body }) => ({ artefactId: params.id, group: body }),
  });
  apiRoute(app, reorderGroupsOperation, {
    method: "POST",
    url: "/categories/:id/groups/reorder",
    schema: { summary: "Order an artefact's groups", params: byId, body: reorderSchema, ...write },
    input: ({ params, body }) => ({ artefactId: params.id, ids: body.ids }),
  });
  apiRoute(app, translateItemOperation, {
    method: "PUT",
    url: "/catalogue/translations",
    schema: {
      summary: "Set an item's texts in Spanish and French",
      description:
        "A parent or artefact (`category`), a group, a content or a media file: every language's texts at once; a text left out or empty is shown in English.",
      tags,
      response: answers(
        saved(z.object({ kind: z.enum(TRANSLATED_ITEMS), id: rowId(), translations: storedTranslationsSchema })),
      ),
    },
  });
  apiRoute(app, updateGroupOperation, {
    method: "PATCH",
    url: "/groups/:id",
    schema: {
      summary: "Change a group's name, price or payment note",
      tags,
      params: byId,
      body: groupUpdateSchema(currency),
      response: answers(saved(adminGroupSchema)),
    },
    input: ({ params, body }) => ({ id: params.id, group: body }),
  });
  apiRoute(app, deleteGroupOperation, {
    method: "DELETE",
    url: "/groups/:id",
    schema: { summary: "Delete a group nobody bought; its contents become ungrouped", params: byId, ...write },
    input: ({ params }) => params,
  });

  apiRoute(app, createContentOperation, {
    method: "POST",
    url: "/categories/:id/contents",
    schema: {
      summary: "Add a content to an artefact",
      tags,
      params: byId,
      body: contentCreateSchema,
      response: answers(saved(adminContentSchema), 201),
    },
    status: 201,
    input: ({ params, body }) => ({ artefactId: params.id, content: body }),
  });
  apiRoute(app, reorderContentsOperation, {
    method: "POST",
    url: "/categories/:id/contents/reorder",
    schema: {
      summary: "Order an artefact's contents (for example one group's)",
      params: byId,
      body: reorderSchema,
      ...write,
    },
    input: ({ params, body }) => ({ artefactId: params.id, ids: body.ids }),
  });
  app.get(
    "/contents/:id",
    {
      schema: {
        summary: "One content with its article",
        tags,
        params: byId,
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: adminContentSchema })),
      },
    },
    async (request) => ({
      status: true,
      message: "Content fetched successfully",
      data: await readAdminContent(db, request.params.id),
    }),
  );
  apiRoute(app, updateContentOperation, {
    method: "PATCH",
    url: "/contents/:id",
    schema: {
      summary: "Change a content; the article is sanitized",
      tags,
      params: byId,
      body: contentUpdateSchema,
      response: answers(saved(adminContentSchema)),
    },
    input: ({ params, body }) => ({ id: params.id, content: body }),
  });
  apiRoute(app, deleteContentOperation, {
    method: "DELETE",
    url: "/contents/:id",
    schema: { summary: "Delete a content with its media", params: byId, ...write },
    input: ({ params }) => params,
  });
  apiRoute(app, setRelatedOperation, {
    method: "PUT",
    url: "/contents/:id/related",
    schema: {
      summary: "Replace a content's related contents",
      tags,
      params: byId,
      body: relatedSchema,
      response: answers(saved(adminContentSchema)),
    },
    input: ({ params, body }) => ({ id: params.id, ids: body.ids }),
  });

  apiRoute(app, previewArticleOperation, {
    method: "POST",
    url: "/preview",
    schema: {
      summary: "The article HTML as it would be stored and shown",
      tags,
      response: answers(okEnvelope({ data: z.object({ html: z.string() }) })),
    },
  });

  app.post(
    "/contents/:id/media",
    {
      schema: {
        summary: "Upload images and PDFs (multipart, field any name)",
        tags,
        params: byId,
        ...SIGNED_IN,
        response: answers(saved(z.array(adminMediaSchema)), 201),
      },
    },
    async (request, reply) =>
      answerUpload(request, reply, `${CATALOGUE_PAGE}/contents/${request.params.id}`, async () => {
        const files = await readUploads(request, app.media);
        if (!Array.isArray(files)) return files;
        const done = await runOperation(addMediaOperation, request, reply, { id: request.params.id, files });
        return {
          status: 201,
          body: { status: true, message: english(done.message), data: done.data },
          text: done.message,
        };
      }),
  );
  app.get(
    "/media/:id",
    {
      schema: {
        summary: "A media file's bytes, for the editor (ranges as /media/{id})",
        tags,
        params: byId,
        ...SIGNED_IN,
        response: bytes("The file as stored, with its own Content-Type (206 for a range)"),
      },
    },
    async (request, reply) => {
      const file = await app.media.describe(request.params.id);
      if (!file) throw new AppError("not_found", "Media not found");
      return sendMedia(request, reply, app.media, file);
    },
  );
  apiRoute(app, deleteMediaOperation, {
    method: "DELETE",
    url: "/media/:id",
    schema: { summary: "Remove a media file", params: byId, ...write },
    input: ({ params }) => params,
  });

  app.get(
    "/catalogue/export",
    {
      schema: {
        summary: "The whole catalogue as an import file (docs/catalogue-format.md)",
        tags,
        ...SIGNED_IN,
        response: bytes("The catalogue file, as a download", "application/json"),
      },
    },
    async (_request, reply) => {
      const { text } = await exportCatalogue(db, app.media, currency);
      const day = app.clock().toISOString().slice(0, 10);
      return reply
        .type("application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="skillshelf-catalogue-${day}.json"`)
        .header("cache-control", "private, no-store")
        .send(text);
    },
  );
  await app.register(importRoute);
};

/** A refusal of an upload: its status, the answer's body and its message. */
interface Refusal extends UploadAnswer {
  body: ErrorBody;
}

const refusal = (status: number, text: Message): Refusal => {
  const message = english(text);
  return { status, body: errorBody(message, { file: message }), text };
};

/**
 * The uploaded files of a multipart request, each streamed into the media
 * storage as it arrives, or the refusal to answer (whatever was already
 * stored removed again).
 */
async function readUploads(request: FastifyRequest, media: MediaStore): Promise<UploadedFile[] | Refusal> {
  if (!request.isMultipart()) return refusal(422, plain(ADMIN_MESSAGES.noFiles));
  const files: UploadedFile[] = [];
  const refuse = async (status: number, message: Message) => {
    dropRest(request);
    await media.discard(files.map((file) => file.object.key));
    return refusal(status, message);
  };
  try {
    for await (const part of request.files()) {
      // Names are text bound for the database, read here and not by the request-wide check (refuse-unsafe-text.ts).
      if (isUnsafeText(part.filename)) {
        part.file.resume();
        return await refuse(422, valuedMessage("unsafeText", { field: "The file name" }));
      }
      const file = await storeUpload(media, part.filename, part.file);
      if (file) files.push(file);
    }
  } catch (error) {
    const limit = uploadLimitMessage(error, error instanceof MediaTooLargeError ? error.maxBytes : media.maxBytes);
    if (limit) return refuse(413, limit);
    dropRest(request);
    await media.discard(files.map((file) => file.object.key));
    throw error;
  }
  return files;
}

/**
 * Reads and drops what is left of a refused upload: a browser answers nothing
 * until it has sent the whole body, so a request left unread would hang it.
 */
function dropRest(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

function uploadLimitMessage(error: unknown, maxBytes: number): Message | null {
  const code = (error as { code?: unknown }).code;
  if (error instanceof MediaTooLargeError || code === "FST_REQ_FILE_TOO_LARGE") {
    return valuedMessage("fileTooLarge", { megabytes: Math.floor(maxBytes / 1024 / 1024) });
  }
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT")
    return plain(`Upload at most ${MAX_FILES} files at once.`);
  return null;
}

/**
 * POST /catalogue/import: the file as the JSON body or as a multipart upload,
 * read as it arrives (readCatalogueStream): its own scope hands JSON bodies
 * over unread, so a refusal can name the line and media go straight to the
 * storage. The size is not limited here: each media file is (MEDIA_MAX_MB),
 * and so is the text without them (MAX_CATALOGUE_TEXT_BYTES).
 */
async function importRoute(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", (_req, payload, done) => done(null, payload));
  app.post(
    "/catalogue/import",
    {
      schema: {
        summary: "Replace the whole catalogue with an export file",
        tags,
        ...SIGNED_IN,
        response: answers(saved(importSummarySchema)),
      },
    },
    async (request, reply) =>
      answerUpload(request, reply, CATALOGUE_PAGE, async () => {
        const noFile = () => refusal(422, plain("Choose a catalogue file."));
        let input: AsyncIterable<Uint8Array | string>;
        if (request.isMultipart()) {
          const upload = await request.file({ limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1 } });
          if (!upload) return noFile();
          // A browser sends a file input left empty as a part with no name and no bytes.
          if (!upload.filename && isFormNavigation(request)) {
            upload.file.resume();
            return noFile();
          }
          input = upload.file;
        } else {
          // An empty body never reaches the JSON parser above: there is no stream to read.
          const body = request.body as AsyncIterable<Uint8Array> | undefined;
          if (typeof body?.[Symbol.asyncIterator] !== "function") return noFile();
          input = body;
        }
        try {
          const done = await runOperation(importCatalogueOperation, request, reply, { file: input });
          return {
            status: 200,
            body: { status: true, message: english(done.message), data: done.data },
            text: done.message,
          };
        } catch (error) {
          dropRest(request);
          if (!(error instanceof CatalogueRefusedError)) throw error;
          return {
            status: 422,
            body: { ...errorBody(error.message, error.errors), line: error.line, reason: error.reason },
            text: error.text,
          };
        }
      }),
  );
}
