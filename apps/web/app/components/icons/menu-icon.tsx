import { SvgIcon } from "./svg-icon";

export function MenuIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M3 6h18M3 12h18M3 18h18" />
    </SvgIcon>
  );
}
