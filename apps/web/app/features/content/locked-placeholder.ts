// A hashed static file (never inlined): cached once by the browser, and neither the
// article's HTML nor its JavaScript carries the picture for every locked thumbnail.
import lockedImage from "./locked-image.svg?no-inline";

/** Shown instead of a real image until the content is paid for. */
export const LOCKED_IMAGE: string = lockedImage;
