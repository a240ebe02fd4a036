function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word?.charAt(0).toUpperCase() ?? "").join("") || "?";
}

/**
 * A round avatar: the user's initials in white on the fixed brand blue. 32 px
 * in the navigation bar (SPEC.md section 2); larger in the account sidebar.
 */
export function UserAvatar({ name, size = "small" }: { name: string; size?: "small" | "large" }) {
  return (
    <span className={size === "large" ? "avatar avatar--large" : "avatar"} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
