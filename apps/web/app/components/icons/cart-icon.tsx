import { SvgIcon } from "./svg-icon";

export function CartIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.6 12.2a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.5L22 7H6" />
    </SvgIcon>
  );
}
