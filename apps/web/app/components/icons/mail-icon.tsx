import { SvgIcon } from "./svg-icon";

export function MailIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 6-10 7L2 6" />
    </SvgIcon>
  );
}
