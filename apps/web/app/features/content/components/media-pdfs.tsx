import type { ContentMedia } from "@skillshelf/shared/api.ts";
import { langOf } from "../../../components/catalogue-text";
import { LockIcon } from "../../../components/icons/lock-icon";
import { PdfIcon } from "../../../components/icons/pdf-icon";
import { useT } from "../../../lib/i18n";

interface MediaPdfsProps {
  pdfs: ContentMedia[];
  paid: boolean;
}

/** "Artifacts PDF's": a tile per PDF that opens it in a new tab, or a locked tile until paid for. */
export function MediaPdfs({ pdfs, paid }: MediaPdfsProps) {
  const t = useT();
  return (
    <section className="media-section" aria-labelledby="pdfs-title">
      <h2 id="pdfs-title" className="media-section__title">
        {t("Artifacts PDF's")}
      </h2>
      <ul className="pdf-grid">
        {pdfs.map((pdf) => (
          <li key={pdf.id}>
            {paid && pdf.path ? (
              <a href={pdf.path} target="_blank" rel="noopener noreferrer" className="pdf-tile">
                <PdfIcon size={36} />
                <span className="pdf-tile__name" lang={langOf(pdf, "name")}>
                  {pdf.name}
                </span>
                <span className="pdf-tile__hint">
                  {t("Open PDF")}
                  <span className="sr-only">{t(" (opens in a new tab)")}</span>
                </span>
              </a>
            ) : (
              <div className="pdf-tile pdf-tile--locked">
                <PdfIcon size={36} />
                <span className="pdf-tile__name" lang={langOf(pdf, "name")}>
                  {pdf.name}
                </span>
                <span className="pdf-tile__hint">
                  <LockIcon size={14} />
                  {t("Locked: unlocks after purchase")}
                </span>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
