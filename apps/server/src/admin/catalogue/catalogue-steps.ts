import type {
  CategoryCreate,
  CategoryUpdate,
  ContentCreate,
  ContentUpdate,
  GroupCreate,
  GroupUpdate,
} from "@skillshelf/shared/admin-forms.ts";
import type { FastifyInstance } from "fastify";
import { CATALOGUE_CHANNEL } from "../../catalogue/catalogue-service.ts";
import { createCategory, deleteCategory, reorderCategories, updateCategory } from "./manage-categories.ts";
import { createContent, deleteContent, reorderContents, setRelated, updateContent } from "./manage-contents.ts";
import { createGroup, deleteGroup, reorderGroups, updateGroup } from "./manage-groups.ts";
import { deleteMedia } from "./manage-media.ts";
import { type MovedKind, moveItem } from "./move-item.ts";

/**
 * The catalogue editor's writes with the message each answers with, shared by
 * /api/admin and the admin pages' form actions. Every write makes each
 * instance drop its cached public catalogue before it answers, so the public
 * pages show the change at once.
 */
export function catalogueSteps(app: FastifyInstance) {
  const { db } = app.database;
  const currency = app.config.storeCurrency;
  const published = async () => {
    app.catalogue.invalidate();
    // Replaced and deleted files' bytes are removed in the background.
    app.media.sweepSoon();
    await app.database.notify(CATALOGUE_CHANNEL, "admin");
  };
  /** What a write answers with, once the change is published. */
  const done = async <T>(message: string, data: T) => {
    await published();
    return { message, data };
  };
  return {
    published,
    createCategory: async (input: CategoryCreate) =>
      done("Category created.", await createCategory(db, input, currency)),
    updateCategory: async (id: number, input: CategoryUpdate) =>
      done("Category saved.", await updateCategory(db, id, input, currency)),
    deleteCategory: async (id: number) => {
      await deleteCategory(db, id);
      return done("Category deleted.", null);
    },
    moveItem: async (kind: MovedKind, id: number, step: -1 | 1) =>
      done("Order saved.", await moveItem(db, kind, id, step).then(() => null)),
    reorderCategories: async (input: { parent_id: number | null; ids: number[] }) =>
      done("Order saved.", await reorderCategories(db, input).then(() => null)),
    createGroup: async (artefactId: number, input: GroupCreate) =>
      done("Group created.", await createGroup(db, artefactId, input, currency)),
    updateGroup: async (id: number, input: GroupUpdate) =>
      done("Group saved.", await updateGroup(db, id, input, currency)),
    deleteGroup: async (id: number) => {
      await deleteGroup(db, id);
      return done("Group deleted.", null);
    },
    reorderGroups: async (artefactId: number, ids: number[]) =>
      done("Order saved.", await reorderGroups(db, artefactId, ids).then(() => null)),
    createContent: async (artefactId: number, input: ContentCreate) =>
      done("Content created.", await createContent(db, artefactId, input)),
    updateContent: async (id: number, input: ContentUpdate) =>
      done("Content saved.", await updateContent(db, id, input)),
    deleteContent: async (id: number) => {
      await deleteContent(db, id);
      return done("Content deleted.", null);
    },
    reorderContents: async (artefactId: number, ids: number[]) =>
      done("Order saved.", await reorderContents(db, artefactId, ids).then(() => null)),
    setRelated: async (id: number, ids: number[]) => done("Related content saved.", await setRelated(db, id, ids)),
    deleteMedia: async (id: number) => {
      await deleteMedia(db, id);
      return done("The file is removed.", null);
    },
  };
}
