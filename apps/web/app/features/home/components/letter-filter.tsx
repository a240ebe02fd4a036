import { useT } from "../../../lib/i18n";

const LETTERS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

interface LetterFilterProps {
  active: string | null;
  onSelect: (letter: string) => void;
}

/** A-Z toggle buttons; the parent clears the filter when the active letter is chosen again. */
export function LetterFilter({ active, onSelect }: LetterFilterProps) {
  const t = useT();
  return (
    <fieldset className="letter-filter">
      <legend className="sr-only">{t("Filter artefacts by first letter")}</legend>
      {LETTERS.map((letter) => (
        <button
          key={letter}
          type="button"
          className="letter-filter__button"
          aria-pressed={active === letter}
          onClick={() => onSelect(letter)}
        >
          {letter}
        </button>
      ))}
    </fieldset>
  );
}
