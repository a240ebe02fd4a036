import type { AccountActions, ActionResult, ProfileActions, UserRecord } from "@skillshelf/shared/api.ts";
import type { MetaArgs } from "react-router";
import type { z } from "zod";
import type { RouteHandle } from "../features/layout/root-layout";
import { serverActionOrFailure } from "./client-action";
import { metaT } from "./i18n";
import { buildMeta } from "./meta";
import { revalidateUnlessUnsent } from "./unsent-action";

/** The store's page actions a form route can run (apps/server/src/operations/page-actions.ts). */
interface Operations {
  accounts: AccountActions;
  profile: ProfileActions;
}

/** A page action by its name, 'accounts.login': run as the JSON API runs it (guard, limits, messages). */
export type OperationName = { [G in keyof Operations]: `${G}.${keyof Operations[G] & string}` }[keyof Operations];

type OperationOf<N extends OperationName> = N extends `${infer G extends keyof Operations}.${infer K}`
  ? K extends keyof Operations[G]
    ? Operations[G][K]
    : never
  : never;

/** What the operation answers on success (the user record for sign in, nothing for registration). */
export type DataOf<N extends OperationName> =
  Awaited<ReturnType<OperationOf<N>>> extends ActionResult<infer D> ? D : never;

/** The input the operation takes: the output of the form's shared schema. */
type InputOf<N extends OperationName> = Parameters<OperationOf<N>>[0];

export interface FormRouteSpec<N extends OperationName, S extends z.ZodType<InputOf<N>>> {
  /** The page action the form posts to. */
  operation: N;
  /** The shared schema: checked in the browser with JavaScript, and by the action whatever came. */
  schema: S;
  /**
   * The schema the action checks with instead, when a rule depends on the signed-in learner's own record
   * (the profile: a new sign-in e-mail needs the current password); the form uses the same with the record.
   */
  schemaFor?: (user: UserRecord) => z.ZodType<InputOf<N>>;
  /**
   * On a page of several forms (the dashboard's profile and password), the value of the hidden `intent`
   * field that names this one: the page's action (formAction with every form) runs the form posted.
   */
  intent?: string;
  /** guest: the auth screens (a signed-in learner goes to /dashboard); learner: the account area. */
  who: "guest" | "learner";
  /**
   * Where a plain form post (no JavaScript) is sent on success, with a 303. A guest form's path is a
   * page every language has (/login?notice=registered): it is taken in the page's language.
   */
  successTo: string | ((url: URL, data: DataOf<N>) => string);
  /** Checkboxes, read as booleans (a browser leaves an unticked one out). */
  checkboxes?: readonly string[];
  /** Address parameters the schema checks with the fields (the reset token). */
  params?: readonly string[];
  /** The page's title, as a catalogue key. */
  title: string;
  /** The page's description, as a catalogue key. */
  description: string;
}

/** A form route's definition as its action reads it (form-route.server.ts). */
export type FormRoute<N extends OperationName> = FormRouteSpec<N, z.ZodType<InputOf<N>>>;

/**
 * A form route's browser-safe parts from its one definition: its `handle`,
 * `meta`, `clientAction` and `shouldRevalidate`, and the spec the form
 * component (components/form/action-form.tsx) reads. The action itself is
 * made from the same definition by form-route.server.ts, which no page's
 * script carries.
 */
export function formRoute<N extends OperationName, S extends z.ZodType<InputOf<N>>>(spec: FormRouteSpec<N, S>) {
  const handle: RouteHandle = spec.who === "guest" ? { toastPosition: "top-center" } : {};
  return {
    ...spec,
    handle,
    meta({ matches }: MetaArgs) {
      const t = metaT(matches);
      return buildMeta({ t, title: t(spec.title), description: t(spec.description) });
    },
    clientAction: <T>({ serverAction }: { serverAction: () => Promise<T> }) => serverActionOrFailure(serverAction),
    shouldRevalidate: revalidateUnlessUnsent,
  };
}
