import { SvgIcon } from "./svg-icon";

export function FacebookIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size} filled>
      <path d="M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.6 1.6-1.6h1.7V4.4a22 22 0 0 0-2.5-.1c-2.5 0-4.1 1.5-4.1 4.2v2.3H7.5V14h2.7v8z" />
    </SvgIcon>
  );
}
