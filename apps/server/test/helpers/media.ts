import { bearer } from "./accounts.ts";
import type { TestStore } from "./app.ts";

export interface UploadFile {
  name: string;
  type: string;
  data: Buffer;
}

/** An admin's multipart upload of files to a content, as the editor sends it. */
export function uploadMedia(store: TestStore, adminToken: string, contentId: number, files: UploadFile[]) {
  const form = new FormData();
  for (const f of files) form.append("file", new Blob([f.data], { type: f.type }), f.name);
  return store.app.inject({
    method: "POST",
    url: `/api/admin/contents/${contentId}/media`,
    headers: bearer(adminToken),
    payload: form,
  });
}
