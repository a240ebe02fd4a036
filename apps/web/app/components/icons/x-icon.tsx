import { SvgIcon } from "./svg-icon";

export function XIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size} filled>
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.3 4.7H5.5z" />
    </SvgIcon>
  );
}
