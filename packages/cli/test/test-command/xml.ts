// A minimal XML reader for tests: checks well-formedness (one root, nested tags, quoted
// attributes, known entities, no stray `<` or `&`) and returns the element tree. No new deps.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(text: string, where: number): string {
  return text.replace(/&([^;]*);|&/g, (whole, name: string | undefined) => {
    if (name === undefined) throw new Error(`bare & near ${where}`);
    if (name in ENTITIES) return ENTITIES[name];
    const numeric = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(name);
    if (numeric) return String.fromCodePoint(numeric[1].startsWith("x") ? parseInt(numeric[1].slice(1), 16) : Number(numeric[1]));
    throw new Error(`unknown entity &${name}; near ${where}`);
  });
}

export function parseXml(xml: string): XmlElement {
  let i = 0;
  if (xml.startsWith("<?xml")) i = xml.indexOf("?>") + 2;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    if (text.includes(">")) throw new Error(`stray > near ${i}`);
    if (stack.length === 0) {
      if (text.trim() !== "") throw new Error(`text outside the root near ${i}`);
    } else {
      stack[stack.length - 1].text += decode(text, i);
    }
    if (lt < 0) break;
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt);
      if (end < 0) throw new Error("unterminated comment");
      i = end + 3;
      continue;
    }
    const gt = xml.indexOf(">", lt);
    if (gt < 0) throw new Error(`unterminated tag near ${lt}`);
    const tag = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith("/")) {
      const open = stack.pop();
      if (!open || open.name !== tag.slice(1).trim()) throw new Error(`mismatched </${tag.slice(1)}> near ${lt}`);
      if (stack.length === 0) root = open;
      continue;
    }
    const selfClosing = tag.endsWith("/");
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const nameMatch = /^([A-Za-z_][\w.-]*)/.exec(body);
    if (!nameMatch) throw new Error(`bad tag name near ${lt}`);
    const element: XmlElement = { name: nameMatch[1], attributes: {}, children: [], text: "" };
    let rest = body.slice(nameMatch[1].length);
    const attribute = /^\s+([A-Za-z_][\w.-]*)="([^"<]*)"/;
    for (let m = attribute.exec(rest); m; m = attribute.exec(rest)) {
      if (m[1] in element.attributes) throw new Error(`duplicate attribute ${m[1]}`);
      element.attributes[m[1]] = decode(m[2], lt);
      rest = rest.slice(m[0].length);
    }
    if (rest.trim() !== "") throw new Error(`bad attributes in <${element.name}> near ${lt}: ${rest}`);
    if (stack.length > 0) stack[stack.length - 1].children.push(element);
    else if (root !== null) throw new Error("a second root element");
    if (selfClosing) {
      if (stack.length === 0) root = element;
    } else {
      stack.push(element);
    }
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  if (!root) throw new Error("no root element");
  return root;
}

export function findAll(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    if (e.name === name) found.push(e);
    e.children.forEach(walk);
  };
  walk(element);
  return found;
}
