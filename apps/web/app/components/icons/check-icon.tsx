import { SvgIcon } from "./svg-icon";

export function CheckIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M20 6 9 17l-5-5" />
    </SvgIcon>
  );
}
