import { SvgIcon } from "./svg-icon";

export function CloseIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M18 6 6 18M6 6l12 12" />
    </SvgIcon>
  );
}
