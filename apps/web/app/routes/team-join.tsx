import { invitationCodeSchema, TEAM_MESSAGES } from "@skillshelf/shared/teams.ts";
import { useState } from "react";
import {
  data,
  Link,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import { BusyButton } from "../components/form/busy-button";
import { FormNotice } from "../components/form/form-notice";
import { useToast } from "../features/toast/toast-context";
import { useActionSubmit } from "../hooks/use-action-submit";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, checkForm, pageMessage } from "../lib/form-action";
import { requireViewer } from "../lib/guards";
import { useT } from "../lib/i18n";
import { privatePageMeta } from "../lib/meta";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/team-join";

/** Where a claimed seat's material is: My Items, which says the seat is claimed. */
const CLAIMED_TO = "/my-items?notice=seat-claimed";

/**
 * An invitation's page (/teams/join/{code}): what its seat gives, and Claim my seat; a visitor
 * signs in or registers first and comes back here. An invitation that no longer holds is a 404
 * that says so.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const invitation = await store.invitation(params.code);
  if (!invitation)
    return data({ invitation, gone: pageMessage(store, { key: TEAM_MESSAGES.invitationGone }), refusal: null }, 404);
  // A learner who holds a seat of it, or owns the material, is told so now rather than when pressing Claim.
  return { invitation, gone: null, refusal: invitation.refusal && pageMessage(store, invitation.refusal) };
}

/** Claims the seat with the API's own step; a plain form post then goes to My Items, or is the page again with why not. */
export async function action({ request, context, params, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  const checked = checkForm(await request.formData(), invitationCodeSchema, { extra: { code: params.code } });
  return answerForm(store, checked.ok ? await store.teams.join(checked.data) : checked.outcome, CLAIMED_TO);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);
/** After a claim the page leaves for My Items: its mailed invitation, used up, is not read again (a 404). */
export const shouldRevalidate = (args: ShouldRevalidateFunctionArgs) =>
  (args.actionResult as { ok?: unknown } | undefined)?.ok === true ? false : revalidateUnlessUnsent(args);

export const meta = privatePageMeta({
  title: "Your team's invitation",
  description: "Your team has a seat of Skillshelf learning material for you.",
});

export default function TeamJoin({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const { invitation, gone, refusal } = loaderData;
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const toast = useToast();
  const send = useActionSubmit(toast);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // A plain form post's refusal (no JavaScript), or the app's: why the seat was not given.
  const posted = useActionData<typeof action>();
  const [refused, setRefused] = useState<typeof posted>(undefined);
  const here = `/teams/join/${encodeURIComponent(params.code)}`;
  const back = `?redirectTo=${encodeURIComponent(here)}`;
  return (
    <div className="container store-page">
      <section className="card account-panel team-join" aria-labelledby="team-join-title">
        <h1 id="team-join-title" className="store-page__title">
          {t("Your team's invitation")}
        </h1>
        {invitation ? (
          <>
            <p className="store-page__lead">
              {t("Your team has a seat of {{name}} for you: read it as if you had bought it.", {
                name: invitation.title,
              })}
            </p>
            <p>
              <Link to={`/${invitation.slug}`}>{t("See what it holds")}</Link>
            </p>
            {/* A refusal known at load says what a refused post would. */}
            {!refusal && <FormNotice outcome={refused ?? posted} fieldless />}
            {refusal ? (
              <>
                <p className="notice" role="status">
                  {refusal}
                </p>
                <p>
                  <Link to="/my-items">{t("My Items")}</Link>
                </p>
              </>
            ) : signedIn ? (
              <form
                method="post"
                onSubmit={async (event) => {
                  event.preventDefault();
                  setBusy(true);
                  try {
                    const outcome = await send(event.currentTarget);
                    if (outcome.ok) navigate("/my-items");
                    else setRefused(outcome);
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                <BusyButton busy={busy} className="button">
                  {t("Claim my seat")}
                </BusyButton>
              </form>
            ) : (
              <>
                <p>{t("Sign in, or create an account, to claim it: you come back here.")}</p>
                <div className="button-row">
                  <Link to={`/login${back}`} className="button">
                    {t("Sign in")}
                  </Link>
                  <Link to={`/registration${back}`} className="button button--outline">
                    {t("Create account")}
                  </Link>
                </div>
              </>
            )}
          </>
        ) : (
          <p className="notice notice--error" role="alert">
            {gone}
          </p>
        )}
      </section>
    </div>
  );
}
