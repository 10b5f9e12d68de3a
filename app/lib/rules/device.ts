// A session's device in plain words ("Chrome on Android") from its User-Agent, for Settings' session list. Only
// the families people recognise are named; anything else is "a browser" on "an unknown system", never a guess.

export type Browser = "Edge" | "Opera" | "Samsung Internet" | "Firefox" | "Chrome" | "Safari" | "Nukkad app";
export type OperatingSystem = "Android" | "iPhone" | "iPad" | "Windows" | "macOS" | "ChromeOS" | "Linux";

export interface Device {
  browser: Browser | null;
  os: OperatingSystem | null;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari", and iPadOS
// browsers other than Safari name themselves CriOS, FxiOS or EdgiOS.
const BROWSERS: [RegExp, Browser][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^Nukkad\//, "Nukkad app"],
];

const SYSTEMS: [RegExp, OperatingSystem][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPod\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function describeDevice(userAgent: string | null): Device {
  const text = userAgent ?? "";
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? null,
    os: SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? null,
  };
}

/** The device in English, as the JSON API says it: "Chrome on Android", "Safari", "Unknown device". */
export function deviceName({ browser, os }: Device): string {
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "Unknown device";
}
