import type { ActionResult, ProfileActions } from "@skillshelf/shared/api.ts";
import {
  confirmAppSchema,
  removeAppSchema,
  removePasskeySchema,
  renamePasskeySchema,
} from "@skillshelf/shared/second-step-forms.ts";
import { type ActionFunctionArgs, data, redirect } from "react-router";
import { z } from "zod";
import { checkForm, inPageLanguage } from "../../lib/form-action";
import { requireViewer } from "../../lib/guards";
import { storeContext } from "../../load-context";
import type { SecurityIntent } from "./components/sign-in-security";

/** Each form of Settings' "Sign-in security": its shared schema and the store's operation it runs. */
const FORMS: Record<
  SecurityIntent,
  { schema: z.ZodType; run: (profile: ProfileActions, input: never) => Promise<ActionResult<unknown>> }
> = {
  "start-app": { schema: z.object({}), run: (profile) => profile.startApp({}) },
  "confirm-app": { schema: confirmAppSchema, run: (profile, input) => profile.confirmApp(input) },
  "remove-app": { schema: removeAppSchema, run: (profile, input) => profile.removeApp(input) },
  "rename-passkey": { schema: renamePasskeySchema, run: (profile, input) => profile.renamePasskey(input) },
  "remove-passkey": { schema: removePasskeySchema, run: (profile, input) => profile.removePasskey(input) },
};

/** Whether a settings post is one of the sign-in security forms (its `intent`). */
export function securityIntentOf(form: FormData): SecurityIntent | null {
  const intent = form.get("intent");
  return typeof intent === "string" && Object.hasOwn(FORMS, intent) ? (intent as SecurityIntent) : null;
}

/**
 * The action of a sign-in security form: the posted fields checked with the
 * shared schema, then the store's operation, as the JSON API runs it. A plain
 * form post's success comes back to Settings with a 303, but the app's first
 * code's: that page shows the recovery codes, this once, so it is answered as
 * the page itself.
 */
export async function securityAction({ request, context, url }: ActionFunctionArgs, intent: SecurityIntent) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  const form = FORMS[intent];
  const checked = checkForm(await request.formData(), form.schema);
  const outcome = checked.ok ? await form.run(store.profile, checked.data as never) : checked.outcome;
  if (outcome.ok && !store.dataRequest && intent !== "confirm-app") return redirect("/settings#sign-in-security", 303);
  return data({ ...inPageLanguage(store, outcome), intent }, { status: outcome.ok ? 200 : outcome.status });
}
