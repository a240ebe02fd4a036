import { SvgIcon } from "./svg-icon";

export function PdfIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6" />
      <text
        x="12"
        y="17.5"
        textAnchor="middle"
        fontSize="6.5"
        fontWeight="800"
        fill="currentColor"
        stroke="none"
        fontFamily="system-ui, sans-serif"
      >
        PDF
      </text>
    </SvgIcon>
  );
}
