import type { LatLng } from "~/lib/rules/geo";
import {
  cleanName,
  IMPORT_BAD_GPX,
  type ImportOutcome,
  LayerBuilder,
  Refused,
  validPosition,
} from "~/lib/rules/map-import";

// GPX 1.0 / 1.1 for the Map Lab's import: waypoints, routes and track segments, read by a small XML scanner.

type XmlToken =
  | { kind: "open"; name: string; attributes: Map<string, string>; selfClosing: boolean }
  | { kind: "close"; name: string }
  | { kind: "text"; text: string };

const badGpx = () => new Refused({ error: IMPORT_BAD_GPX });
const XML_NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE_NAME = /[^\s=/>"'<]+/y;
const WHITESPACE = /\s*/y;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-z]{2,4});/g, (whole, entity: string) => {
    if (!entity.startsWith("#")) return ENTITIES[entity] ?? whole;
    const code =
      entity[1] === "x" ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The element's name without its namespace prefix: `gpx:wpt` is `wpt`. */
const localName = (name: string) => name.slice(name.lastIndexOf(":") + 1);

function matchAt(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? null;
}

function indexAfter(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from);
  if (at === -1) throw badGpx();
  return at + end.length;
}

/**
 * A small XML scanner, enough for GPX: elements with quoted attributes, text with the predefined and numeric
 * entities, CDATA; comments, processing instructions and the doctype skipped. It runs in one pass over the text
 * (no backtracking regular expression sees more than a name), and a file that is not well-formed is refused.
 */
function scanXml(text: string, visit: (token: XmlToken) => void) {
  const open: string[] = [];
  let at = 0;
  while (at < text.length) {
    const lt = text.indexOf("<", at);
    const textEnd = lt === -1 ? text.length : lt;
    if (textEnd > at) visit({ kind: "text", text: decodeEntities(text.slice(at, textEnd)) });
    if (lt === -1) break;
    if (text.startsWith("<!--", lt)) at = indexAfter(text, "-->", lt + 4);
    else if (text.startsWith("<![CDATA[", lt)) {
      at = indexAfter(text, "]]>", lt + 9);
      visit({ kind: "text", text: text.slice(lt + 9, at - 3) });
    } else if (text.startsWith("<?", lt)) at = indexAfter(text, "?>", lt + 2);
    else if (text.startsWith("<!", lt)) at = indexAfter(text, ">", lt + 2);
    else at = scanTag(text, lt, open, visit);
  }
  if (open.length > 0) throw badGpx();
}

/** Reads the tag starting at `lt`; returns where the text after it begins. */
function scanTag(text: string, lt: number, open: string[], visit: (token: XmlToken) => void): number {
  const closing = text[lt + 1] === "/";
  let at = closing ? lt + 2 : lt + 1;
  const name = matchAt(XML_NAME, text, at);
  if (!name) throw badGpx();
  at += name.length;
  const attributes = new Map<string, string>();
  for (;;) {
    at += matchAt(WHITESPACE, text, at)?.length ?? 0;
    if (text[at] === ">") {
      at += 1;
      break;
    }
    if (!closing && text.startsWith("/>", at)) {
      visit({ kind: "open", name: localName(name), attributes, selfClosing: true });
      return at + 2;
    }
    if (closing) throw badGpx();
    const attribute = matchAt(ATTRIBUTE_NAME, text, at);
    if (!attribute) throw badGpx();
    at += attribute.length;
    at += matchAt(WHITESPACE, text, at)?.length ?? 0;
    if (text[at] !== "=") throw badGpx();
    at += 1;
    at += matchAt(WHITESPACE, text, at)?.length ?? 0;
    const quote = text[at];
    if (quote !== '"' && quote !== "'") throw badGpx();
    const end = text.indexOf(quote, at + 1);
    if (end === -1) throw badGpx();
    attributes.set(localName(attribute), decodeEntities(text.slice(at + 1, end)));
    at = end + 1;
  }
  if (closing) {
    if (open.pop() !== name) throw badGpx();
    visit({ kind: "close", name: localName(name) });
  } else {
    open.push(name);
    visit({ kind: "open", name: localName(name), attributes, selfClosing: false });
  }
  return at;
}

// Plain decimal text only, as GPX's xsd:decimal: no exponents, hex or "Infinity".
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/;

function gpxPosition(attributes: Map<string, string>): LatLng {
  const lat = attributes.get("lat") ?? "";
  const lon = attributes.get("lon") ?? "";
  if (!DECIMAL.test(lat) || !DECIMAL.test(lon)) throw badGpx();
  const position = validPosition(Number(lat), Number(lon));
  if (!position) throw badGpx();
  return position;
}

/** What a name element's text belongs to: a waypoint, a route or a track (their points' names are not shown). */
interface Named {
  name: string;
}

export function readGpx(text: string): ImportOutcome {
  const layer = new LayerBuilder();
  const stack: string[] = [];
  let waypoint: (Named & { position: LatLng }) | null = null;
  let route: (Named & { path: LatLng[] }) | null = null;
  let track: (Named & { segments: LatLng[][] }) | null = null;
  let segment: LatLng[] | null = null;
  let rootSeen = false;

  const visit = (token: XmlToken) => {
    const parent = stack[stack.length - 1];
    if (token.kind === "text") {
      if (parent !== "name") return;
      const owner = stack[stack.length - 2];
      const named = owner === "wpt" ? waypoint : owner === "rte" ? route : owner === "trk" ? track : null;
      if (named) named.name += token.text;
      return;
    }
    if (token.kind === "open") {
      if (!rootSeen) {
        if (token.name !== "gpx") throw badGpx();
        rootSeen = true;
      } else if (stack.length === 0) throw badGpx(); // a second root element
      const { name, attributes } = token;
      if (name === "wpt" && parent === "gpx") waypoint = { name: "", position: gpxPosition(attributes) };
      else if (name === "rte" && parent === "gpx") route = { name: "", path: [] };
      else if (name === "rtept" && parent === "rte") route?.path.push(gpxPosition(attributes));
      else if (name === "trk" && parent === "gpx") track = { name: "", segments: [] };
      else if (name === "trkseg" && parent === "trk") segment = [];
      else if (name === "trkpt" && parent === "trkseg") segment?.push(gpxPosition(attributes));
      if (token.selfClosing) close(name);
      else stack.push(name);
      return;
    }
    stack.pop();
    close(token.name);
  };

  const close = (name: string) => {
    if (name === "wpt" && waypoint) {
      layer.place(cleanName(waypoint.name), waypoint.position);
      waypoint = null;
    } else if (name === "rte" && route) {
      layer.path(cleanName(route.name), route.path, false);
      route = null;
    } else if (name === "trkseg") {
      if (track && segment) track.segments.push(segment);
      segment = null;
    } else if (name === "trk" && track) {
      const trackName = cleanName(track.name);
      for (const points of track.segments) layer.path(trackName, points, false);
      track = null;
    }
  };

  try {
    scanXml(text, visit);
    if (!rootSeen) throw badGpx();
  } catch (error) {
    if (error instanceof Refused) return { ok: false, ...error.refusal };
    throw error;
  }
  return layer.outcome();
}
