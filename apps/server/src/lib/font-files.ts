import { createRequire } from "node:module";
import path from "node:path";

// The fonts travel with the store (npm packages): a server without system
// fonts still draws readable text, the same on every machine.
const require = createRequire(import.meta.url);
const dejavuDir = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");

/** A DejaVu font file ("DejaVuSans.ttf"): Latin, Greek, Cyrillic and most symbols. */
export const dejavuFile = (name: string) => path.join(dejavuDir, name);

const NOTO_SANS_SC = {
  "400Regular": () => require.resolve("@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf"),
  "700Bold": () => require.resolve("@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf"),
};

/** A Noto Sans SC font file: the Chinese and Japanese characters DejaVu lacks. */
export const notoSansScFile = (weight: keyof typeof NOTO_SANS_SC) => NOTO_SANS_SC[weight]();

const NOTO_SANS_KR = {
  "400Regular": () => require.resolve("@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf"),
  "700Bold": () => require.resolve("@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf"),
};

/** A Noto Sans KR font file: the Korean syllables (Hangul) neither DejaVu nor Noto Sans SC has. */
export const notoSansKrFile = (weight: keyof typeof NOTO_SANS_KR) => NOTO_SANS_KR[weight]();
