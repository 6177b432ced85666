// The constructs open at a point of the parse (innermost last), so an error can say
// "Expected a `}` to close the record type `Broken` opened on line 1".

export interface OpenConstruct {
  /** How the construct is named, `{}` standing for `name`: "the record type `{}`". */
  template: string;
  /** The name, or the token that spells it (read only when an error is described). */
  name: string | { readonly image: string };
  line: number;
  /** The token that closes it: "}", ")", "]" or ">". */
  closer: string;
}

/** Constructs whose items are separated by `,` (a missing closer may be a missing comma). */
export function takesCommas(open: OpenConstruct): boolean {
  return commaLists.has(open.template);
}

export function describeOpen(open: OpenConstruct): string {
  return open.template.replace("{}", typeof open.name === "string" ? open.name : open.name.image);
}

// Templates, one per construct (so a parse allocates no strings for them).
export const OPEN = {
  useNames: "the names of this `use`",
  recordType: "the record type `{}`",
  enumType: "the enum type `{}`",
  typeConstraints: "the constraints of the type `{}`",
  fieldConstraints: "the constraints of the field `{}`",
  typeArgs: "the type arguments of `{}`",
  failure: "the failure `{}`",
  functionParams: "the parameters of the function `{}`",
  functionBody: "the function `{}`'s body",
  actionParams: "the parameters of the action `{}`",
  actionBody: "the action `{}`'s body",
  fixtures: "the fixtures `{}`",
  fixtureParams: "the parameters of the fixture `{}`",
  fixtureBody: "the fixture `{}`'s body",
  promptParams: "the parameters of the prompt `{}`",
  prompt: "the prompt `{}`",
  connection: "the connection `{}`",
  locales: "the `locales` block",
  entry: "the entry `{}`",
  test: "the test {}",
  fakes: "the `fakes` block",
  script: "the script of `ai.{}`",
  whenFields: "the fields of the `{}` item",
  whenList: "the items of the `when`",
  ifBlock: "the `if` block",
  elseBlock: "the `else` block",
  forBlock: "the `for` loop",
  match: "the `match`",
  armBlock: "the match arm's block",
  paren: "the `(`",
  list: "the list",
  record: "the record `{}`",
  call: "the call to `{}`",
  callAnon: "the call",
  pattern: "the pattern `{}(...)`",
} as const;

const commaLists = new Set<string>([
  OPEN.typeArgs, OPEN.functionParams, OPEN.actionParams, OPEN.fixtureParams, OPEN.promptParams,
  OPEN.script, OPEN.whenList, OPEN.list, OPEN.call, OPEN.callAnon,
]);
