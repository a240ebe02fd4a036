import { SvgIcon } from "./svg-icon";

export function ChevronDownIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="m6 9 6 6 6-6" />
    </SvgIcon>
  );
}
