import type { ActionResult } from "@skillshelf/shared/api.ts";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { type PageContext, storeContext } from "../load-context";
import { answerForm, parseFormPost } from "./form-action";
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
 * plain form post).
 */
export function formAction<N extends OperationName>(route: FormRoute<N>) {
  return async ({ request, context, url, params }: ActionFunctionArgs) => {
    const store = context.get(storeContext);
    if (route.who === "guest") requireGuest(store);
    else requireViewer(store, url);
    const extra = Object.fromEntries((route.params ?? []).map((name) => [name, params[name]]));
    const form = await parseFormPost(request, route.schema, { checkboxes: route.checkboxes ?? [], extra });
    const outcome = form.ok ? await operationOf(store, route.operation)(form.data) : form.outcome;
    const { successTo } = route;
    return answerForm(store, outcome, (data) => (typeof successTo === "string" ? successTo : successTo(url, data)));
  };
}

/** The loader of a guest-only screen: a signed-in learner goes to the dashboard. */
export function guestLoader({ context }: LoaderFunctionArgs) {
  requireGuest(context.get(storeContext));
  return null;
}
