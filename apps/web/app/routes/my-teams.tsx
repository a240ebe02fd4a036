import type { ActionResult } from "@skillshelf/shared/api.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { formatOrderDate } from "@skillshelf/shared/order-dates.ts";
import {
  teamInvitationSchema,
  teamInviteSchema,
  teamMessage,
  teamMoreSeatsSchema,
  teamSeatSchema,
} from "@skillshelf/shared/teams.ts";
import { type FormEvent, useState } from "react";
import { useActionData } from "react-router";
import type { z } from "zod";
import { FormNotice } from "../components/form/form-notice";
import { AccountPageHeader } from "../features/account/components/account-page-header";
import { EmptyAccountState } from "../features/orders/components/empty-account-state";
import { TEAM_INTENTS, TeamPurchase } from "../features/teams/components/team-purchase";
import { useToast } from "../features/toast/toast-context";
import { useActionSubmit } from "../hooks/use-action-submit";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, checkForm, pageMessage } from "../lib/form-action";
import { requireViewer } from "../lib/guards";
import { useT } from "../lib/i18n";
import { privatePageMeta } from "../lib/meta";
import { revalidateUnlessUnsent } from "../lib/unsent-action";
import { storeContext } from "../load-context";
import type { Route } from "./+types/my-teams";

const PAGE = "/my-teams";

/** What a plain form post's success comes back to say (?done=…): the operation's own message. */
const NOTICES = {
  invited: (count: number) => teamMessage("invited", { count }),
  revoked: () => teamMessage("revoked"),
  released: () => teamMessage("released"),
} as const;
type Notice = keyof typeof NOTICES;

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const viewer = requireViewer(store, url);
  const formatting = formattingOf(viewer.user);
  const teams = await store.myTeams();
  const done = url.searchParams.get("done") ?? "";
  const count = Number(url.searchParams.get("count"));
  const notice = Object.hasOwn(NOTICES, done)
    ? pageMessage(store, NOTICES[done as Notice](Number.isSafeInteger(count) ? count : 0))
    : null;
  return {
    // Dates are written here, in the learner's time zone, so server HTML and hydration agree.
    teams: teams.map((team) => ({
      ...team,
      holders: team.holders.map((holder) => ({ ...holder, when: formatOrderDate(holder.claimed_at, formatting) })),
    })),
    notice,
  };
}

/**
 * The seat manager's forms (their `intent`), each the API's own operation through the page's
 * actions. A plain form post's success comes back here with what was done (more seats: to the cart);
 * a refusal is the page again, with its message.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  const form = await request.formData();
  const run = async <S extends z.ZodType, T>(
    schema: S,
    operation: (input: z.output<S>) => Promise<ActionResult<T>>,
    successTo: (input: z.output<S>, data: T) => string,
  ) => {
    const checked = checkForm(form, schema);
    if (!checked.ok) return answerForm(store, checked.outcome, PAGE);
    const input = checked.data;
    return answerForm(store, await operation(input), (data) => successTo(input, data));
  };
  const back = (done: Notice, id: number, count = "") => `${PAGE}?done=${done}${count}#team-${id}`;
  switch (form.get("intent")) {
    case TEAM_INTENTS.revoke:
      return run(teamInvitationSchema, store.teams.revoke, ({ id }) => back("revoked", id));
    case TEAM_INTENTS.release:
      return run(teamSeatSchema, store.teams.release, ({ id }) => back("released", id));
    case TEAM_INTENTS.more:
      return run(teamMoreSeatsSchema, store.teams.moreSeats, () => "/cart");
    default:
      return run(teamInviteSchema, store.teams.invite, ({ id }, { sent }) => back("invited", id, `&count=${sent}`));
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);
export const shouldRevalidate = revalidateUnlessUnsent;

export const meta = privatePageMeta({
  title: "My Teams",
  description: "The seats you bought for your teams: who claimed them and how far they have read.",
});

export default function MyTeams({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { teams, notice } = loaderData;
  const toast = useToast();
  const send = useActionSubmit(toast);
  const [busy, setBusy] = useState<string | null>(null);
  // A plain form post that was refused (no JavaScript): why, on the page.
  const posted = useActionData<typeof action>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const key = fields.get("seat_id") ?? fields.get("invitation_id") ?? fields.get("id");
    setBusy(`${fields.get("intent")}:${key}`);
    try {
      const outcome = await send(form);
      if (outcome.ok && fields.get("intent") === TEAM_INTENTS.invite) form.reset();
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="account-page">
      <AccountPageHeader
        title={t("My Teams")}
        lead={t("Seats you bought for your teams: invite, follow their reading, free a seat.")}
      />
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <FormNotice outcome={posted} fieldless />
      {teams.length === 0 ? (
        <EmptyAccountState
          title={t("No team purchases yet")}
          text={t("On an artefact or a group, choose For my team to buy seats for your colleagues.")}
          withExplore
        />
      ) : (
        teams.map((team) => <TeamPurchase key={team.id} team={team} onSubmit={onSubmit} busy={busy} />)
      )}
    </div>
  );
}
