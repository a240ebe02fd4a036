function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word?.charAt(0).toUpperCase() ?? "").join("") || "?";
}

/** 32 px round avatar: the user's initials in white on the fixed brand blue. */
export function UserAvatar({ name }: { name: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}
