import { SvgIcon } from "./svg-icon";

export function ArrowLeftIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M19 12H5m7 7-7-7 7-7" />
    </SvgIcon>
  );
}
