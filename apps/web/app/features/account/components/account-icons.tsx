import { SvgIcon } from "../../../components/icons/svg-icon";

/** The account area's outline icons: decorative, drawn in currentColor. */

export function UserIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </SvgIcon>
  );
}

export function BooksIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M4 19.5V5a2 2 0 0 1 2-2h12v16H6a2 2 0 0 0-2 2.5Z" />
      <path d="M8 7h6" />
    </SvgIcon>
  );
}

export function ReceiptIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2Z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </SvgIcon>
  );
}

export function TeamIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
      <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />
    </SvgIcon>
  );
}

export function BellIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
    </SvgIcon>
  );
}

export function GearIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
    </SvgIcon>
  );
}

export function LogOutIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="m16 17 5-5-5-5M21 12H9" />
    </SvgIcon>
  );
}

export function PackageIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="m21 8-9-5-9 5 9 5 9-5Z" />
      <path d="M3 8v8l9 5 9-5V8M12 13v8" />
    </SvgIcon>
  );
}

export function SparkIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />
    </SvgIcon>
  );
}

export function ShieldIcon({ size }: { size?: number }) {
  return (
    <SvgIcon size={size}>
      <path d="M12 3 4 6v6c0 5 3.4 8.3 8 9 4.6-.7 8-4 8-9V6Z" />
      <path d="m9 12 2 2 4-4" />
    </SvgIcon>
  );
}
