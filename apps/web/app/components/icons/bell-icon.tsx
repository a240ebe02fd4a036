import { SvgIcon } from "./svg-icon";

export function BellIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M6 9a6 6 0 0 1 12 0c0 6 2.5 8 2.5 8h-17S6 15 6 9" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </SvgIcon>
  );
}
