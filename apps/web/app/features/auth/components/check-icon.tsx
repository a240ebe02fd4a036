import { SvgIcon } from "../../../components/icons/svg-icon";

export function CheckIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M20 6 9 17l-5-5" />
    </SvgIcon>
  );
}
