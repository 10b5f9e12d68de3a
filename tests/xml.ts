// A strict XML reader for tests that read GPX and KML back (no XML parser is installed and workerd has no
// DOMParser): elements, attributes, text, the five entities and character references; anything else (a stray & or
// <, a tag closed out of order, text after the root, a character XML forbids) is an error.
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function isNameCharacter(character: string, first: boolean): boolean {
  const code = character.charCodeAt(0);
  const letter =
    (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || character === "_" || character === ":";
  return first ? letter : letter || (code >= 48 && code <= 57) || character === "-" || character === ".";
}

function isXmlCharacter(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

export function parseXml(source: string): XmlElement {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${at}: ${JSON.stringify(source.slice(at, at + 30))}`);
  };
  for (const character of source)
    if (!isXmlCharacter(character.codePointAt(0) as number)) fail("not an XML character");
  const skipSpace = () => {
    while (at < source.length && " \t\r\n".includes(source[at] as string)) at++;
  };
  const expect = (text: string) => {
    if (!source.startsWith(text, at)) fail(`expected ${text}`);
    at += text.length;
  };
  const name = () => {
    const start = at;
    while (at < source.length && isNameCharacter(source[at] as string, at === start)) at++;
    if (at === start) fail("expected a name");
    return source.slice(start, at);
  };
  const decode = (raw: string) => {
    let text = "";
    for (let i = 0; i < raw.length; i++) {
      const character = raw[i] as string;
      if (character === "<") fail("< in text");
      if (character !== "&") {
        text += character;
        continue;
      }
      const end = raw.indexOf(";", i);
      if (end < 0) fail("& without ;");
      const entity = raw.slice(i + 1, end);
      if (entity in ENTITIES) text += ENTITIES[entity];
      else if (
        entity.startsWith("#x") &&
        entity.length > 2 &&
        [...entity.slice(2)].every((c) => "0123456789abcdefABCDEF".includes(c))
      )
        text += String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
      else if (
        entity.startsWith("#") &&
        entity.length > 1 &&
        [...entity.slice(1)].every((c) => "0123456789".includes(c))
      )
        text += String.fromCodePoint(Number(entity.slice(1)));
      else fail(`unknown entity &${entity};`);
      i = end;
    }
    return text;
  };
  const element = (): XmlElement => {
    expect("<");
    const node: XmlElement = { name: name(), attributes: {}, children: [], text: "" };
    for (;;) {
      skipSpace();
      if (source.startsWith("/>", at)) {
        at += 2;
        return node;
      }
      if (source[at] === ">") {
        at++;
        break;
      }
      const attribute = name();
      if (attribute in node.attributes) fail(`attribute ${attribute} twice`);
      skipSpace();
      expect("=");
      skipSpace();
      const quote = source[at];
      if (quote !== '"' && quote !== "'") fail("expected a quoted value");
      const end = source.indexOf(quote as string, at + 1);
      if (end < 0) fail("unclosed attribute");
      node.attributes[attribute] = decode(source.slice(at + 1, end));
      at = end + 1;
    }
    for (;;) {
      if (at >= source.length) fail(`<${node.name}> is never closed`);
      if (source.startsWith("</", at)) {
        at += 2;
        if (name() !== node.name) fail(`</…> does not close <${node.name}>`);
        skipSpace();
        expect(">");
        return node;
      }
      if (source[at] === "<") {
        if (source[at + 1] === "!" || source[at + 1] === "?")
          fail("comments, CDATA and instructions are not expected");
        node.children.push(element());
        continue;
      }
      const end = source.indexOf("<", at);
      node.text += decode(source.slice(at, end < 0 ? source.length : end));
      at = end < 0 ? source.length : end;
    }
  };
  if (source.startsWith("<?xml ")) {
    const end = source.indexOf("?>");
    if (end < 0) fail("unclosed declaration");
    at = end + 2;
  }
  skipSpace();
  const root = element();
  skipSpace();
  if (at !== source.length) fail("text after the root element");
  return root;
}
