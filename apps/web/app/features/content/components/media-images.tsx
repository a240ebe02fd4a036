import type { ContentMedia } from "@skillshelf/shared/api.ts";
import { Suspense, useCallback, useRef, useState } from "react";
import { useT } from "../../../lib/i18n";
import { onDemand } from "../../../lib/on-demand";
import { LOCKED_IMAGE } from "../locked-placeholder";

/** The full view, whose code comes with the first click on a thumbnail. */
const ImageViewer = onDemand(() => import("./image-viewer.lazy").then((module) => module.ImageViewer));

interface MediaImagesProps {
  images: ContentMedia[];
  paid: boolean;
}

/** 'Artifacts Image's': thumbnails that open a full view, or placeholders until the content is paid for. */
export function MediaImages({ images, paid }: MediaImagesProps) {
  const t = useT();
  const [viewing, setViewing] = useState<{ src: string; name: string } | null>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);

  const onClose = useCallback(() => {
    setViewing(null);
    trigger.current?.focus();
  }, []);

  return (
    <section className="media-section" aria-labelledby="images-title">
      <h2 id="images-title" className="media-section__title">
        {t("Artifacts Image's")}
      </h2>
      <ul className="thumb-grid">
        {images.map((image) => {
          const src = paid ? image.path : null;
          return (
            <li key={image.id}>
              {src ? (
                <button
                  type="button"
                  className="thumb"
                  aria-label={t("View {{name}} full size", { name: image.name })}
                  onClick={(event) => {
                    trigger.current = event.currentTarget;
                    setViewing({ src, name: image.name });
                  }}
                >
                  <img src={src} alt="" width={150} height={150} />
                </button>
              ) : (
                <img
                  className="thumb thumb--locked"
                  src={LOCKED_IMAGE}
                  alt={t("{{name}}: locked, unlocks after purchase", { name: image.name })}
                  width={150}
                  height={150}
                />
              )}
            </li>
          );
        })}
      </ul>
      {viewing && (
        <Suspense>
          <ImageViewer src={viewing.src} name={viewing.name} onClose={onClose} />
        </Suspense>
      )}
    </section>
  );
}
