import type { ActionResult, Viewer } from "@skillshelf/shared/api.ts";
import { languagePath } from "@skillshelf/shared/i18n/languages.ts";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { type PageContext, storeContext } from "../load-context";
import { answerForm, checkForm } from "./form-action";
import type { DataOf, FormRoute, OperationName } from "./form-route";
import { requireGuest, requireViewer } from "./guards";

/** The store's page action by its name ('accounts.login'). */
function operationOf<N extends OperationName>(store: PageContext, name: N) {
  const [group, operation] = name.split(".") as [keyof PageContext, string];
  const actions = store[group] as unknown as Record<string, (input: unknown) => Promise<ActionResult<DataOf<N>>>>;
  return actions[operation] as (input: unknown) => Promise<ActionResult<DataOf<N>>>;
}

/**
 * A form route's `action`, from the definition its page gives formRoute:
 * guards the page, checks the posted fields with the shared schema, runs the
 * store's operation with the API's own steps, and answers as answerForm does
 * (the outcome as data for the page's script; a 303 or the page again for a
 * plain form post). A page of several forms gives each (they share the first's
 * guard): the posted `intent` field says which runs, the first when it names none.
 */
export function formAction<N extends OperationName[]>(...routes: { [K in keyof N]: FormRoute<N[K]> }) {
  const [first] = routes as FormRoute<OperationName>[];
  if (!first) throw new Error("formAction needs the page's form");
  return async ({ request, context, url, params }: ActionFunctionArgs) => {
    const store = context.get(storeContext);
    let viewer: Viewer | null = null;
    if (first.who === "guest") requireGuest(store);
    else viewer = requireViewer(store, url);
    const form = await request.formData();
    const intent = form.get("intent");
    const route = (routes as FormRoute<OperationName>[]).find((r) => r.intent === intent) ?? first;
    const extra = Object.fromEntries((route.params ?? []).map((name) => [name, params[name]]));
    const schema = viewer && route.schemaFor ? route.schemaFor(viewer.user) : route.schema;
    const checked = checkForm(form, schema, { checkboxes: route.checkboxes ?? [], extra });
    const outcome = checked.ok ? await operationOf(store, route.operation)(checked.data) : checked.outcome;
    const { successTo } = route;
    const at = (path: string) => (route.who === "guest" ? languagePath(store.i18n.language, path) : path);
    return answerForm(store, outcome, (data) => (typeof successTo === "string" ? at(successTo) : successTo(url, data)));
  };
}

/** The loader of a guest-only screen: a signed-in learner goes to the dashboard. */
export function guestLoader({ context }: LoaderFunctionArgs) {
  requireGuest(context.get(storeContext));
  return null;
}
