import type { ArticleProgress as Progress } from "@skillshelf/shared/progress.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { CheckIcon } from "../../../components/icons/check-icon";
import { useActionSubmit } from "../../../hooks/use-action-submit";
import { useHydrated } from "../../../hooks/use-hydrated";
import { useT } from "../../../lib/i18n";
import { useToast } from "../../toast/toast-context";

/**
 * The end of an article its owner reads: "Mark as done", or "Done" with
 * "Mark as not done". A plain form post to the article's action without
 * JavaScript; with it, a fetcher. With it too, an article not done when it
 * opens is marked done when the reader scrolls to its end, once, unless they
 * pressed the button first (an article whose end is on screen when it opens
 * waits for the reader's first scroll: opening it is not reading it).
 */
export function ArticleProgress({ contentId, progress }: { contentId: number; progress: Progress }) {
  const t = useT();
  const toast = useToast();
  const send = useActionSubmit<Progress>(toast);
  const hydrated = useHydrated();
  // What the learner asked for while the store answers: shown at once.
  const [asked, setAsked] = useState<boolean | null>(null);
  const sending = useRef(false);
  // Reaching the end marks an article once per visit, and only one not done when the visit began:
  // after the learner's own press, or a first mark, their choice stands.
  const markOnReach = useRef(!progress.done);
  const end = useRef<HTMLDivElement>(null);
  const done = asked ?? progress.done;

  const submit = useCallback(
    async (form: HTMLFormElement | FormData, next: boolean) => {
      markOnReach.current = false;
      if (sending.current) return;
      sending.current = true;
      setAsked(next);
      try {
        await send(form);
      } finally {
        sending.current = false;
        setAsked(null);
      }
    },
    [send],
  );

  const markAtEnd = useCallback(() => {
    const form = new FormData();
    form.set("content_id", String(contentId));
    form.set("done", "true");
    void submit(form, true);
  }, [contentId, submit]);

  useReachedEnd(end, markOnReach.current && !done, markAtEnd);

  return (
    <section className="article-progress" aria-label={t("Your progress")}>
      <div ref={end} className="article-progress__end" />
      <form
        method="post"
        className="article-progress__form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(event.currentTarget, !done);
        }}
      >
        <input type="hidden" name="content_id" value={contentId} />
        <input type="hidden" name="done" value={done ? "false" : "true"} />
        {done && (
          <p className="article-progress__done">
            <CheckIcon size={18} />
            {t("Done")}
          </p>
        )}
        <button
          type="submit"
          className={done ? "button button--outline button--small" : "button button--small"}
          data-enhanced={hydrated || undefined}
        >
          {done ? t("Mark as not done") : t("Mark as done")}
        </button>
      </form>
    </section>
  );
}

/** Calls `onReach` once when `target` is on screen after the reader has scrolled, while `armed`. */
function useReachedEnd(target: React.RefObject<HTMLElement | null>, armed: boolean, onReach: () => void) {
  useEffect(() => {
    const element = target.current;
    if (!armed || !element || typeof IntersectionObserver === "undefined") return;
    let visible = false;
    const stop = () => {
      observer.disconnect();
      window.removeEventListener("scroll", check);
    };
    const check = () => {
      if (!visible || window.scrollY <= 0) return;
      stop();
      onReach();
    };
    const observer = new IntersectionObserver((entries) => {
      visible = entries.some((entry) => entry.isIntersecting);
      check();
    });
    observer.observe(element);
    window.addEventListener("scroll", check, { passive: true });
    return stop;
  }, [target, armed, onReach]);
}
