import type { Highlighted } from "@skillshelf/shared/search.ts";
import { Fragment } from "react";

/** A text whose matching words are marked: every piece is rendered as text (React escapes it), never as HTML. */
export function Highlight({ pieces }: { pieces: Highlighted }) {
  return (
    <>
      {pieces.map((piece, i) =>
        // The pieces of a text never change order: their index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        piece.match ? <mark key={i}>{piece.text}</mark> : <Fragment key={i}>{piece.text}</Fragment>,
      )}
    </>
  );
}
