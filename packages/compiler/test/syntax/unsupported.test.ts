// syntax.unsupported: a construct of the full Jadpo language that this toolchain doesn't cover is
// one diagnostic naming it; the declaration is skipped whole, and its words stay ordinary names.
import { describe, expect, it } from "vitest";
import { compileProject } from "../../src/pipeline.ts";
import { memoryHost } from "../../src/testing/index.ts";
import { decls, rendered } from "./helpers.ts";

const file = "domains/shop/x.jadpo";
const REASON =
  "  reason: This toolchain covers the AI-testing part of Jadpo (types, failures, functions, actions, prompts, fixtures, connections and tests); it skips this declaration whole and checks the rest of the project.";

/** A construct's declaration, as the full language might write it, with things this toolchain can't lex or parse inside. */
const CONSTRUCTS: Record<string, string> = {
  entity: "entity User {\n    name: Text @unique\n    type: Role\n}\n",
  route: 'route GET "/users/{id}" -> User {\n    return query users where id == $id\n}\n',
  query: "query users_named(name: Text) -> List<User> {\n    select * from users where name == name\n}\n",
  persist: "persist User in postgres {\n    table: \"users\"\n}\n",
  policy: "policy admins_only {\n    allow principal.role == Role.admin\n}\n",
  principal: "principal Staff {\n    id: Text\n}\n",
  config: "config {\n    port: 8080\n}\n",
  application: "application Shop {\n    routes: [users]\n}\n",
  job: "job nightly every 24h {\n    persist everything\n}\n",
  value: "value Money {\n    amount: Decimal\n}\n",
  input: "input NewUser {\n    name: Text\n}\n",
  output: "output UserView {\n    name: Text\n}\n",
  enum: "enum Role {\n    admin,\n    staff\n}\n",
  module: "module shop\n",
  import: 'import "shop/users"\n',
};

const AFTER = "\ntype Kept = Object {\n    value: Text\n}\n";

describe("syntax.unsupported", () => {
  it("renders the construct, what this toolchain covers and the step", () => {
    expect(rendered(CONSTRUCTS.entity + AFTER, file)).toEqual([[
      "error: `entity` is a construct of the full Jadpo language, which this toolchain doesn't cover --> domains/shop/x.jadpo:1:1",
      REASON,
      "  next: Keep `entity` declarations where the full Jadpo compiler checks them, and remove this one here (agent)",
      "  rule: syntax.unsupported",
    ].join("\n")]);
  });

  it("enum, value and import say how this toolchain writes the same", () => {
    const next = (name: string) => rendered(CONSTRUCTS[name] + AFTER, file).map((text) => text.split("\n")[2]);
    expect(next("enum")).toEqual(["  next: Write it as `type Role = Enum { … }`, which this toolchain reads (agent)"]);
    expect(next("value")).toEqual(["  next: For a record this toolchain reads, write `type Money = Object { … }` (agent)"]);
    expect(next("import")).toEqual(["  next: Import with `use module/path { Name }`, the form this toolchain reads (agent)"]);
  });

  for (const [name, source] of Object.entries(CONSTRUCTS)) {
    it(`a file that starts with \`${name}\` gets exactly one diagnostic, and the next declaration is read`, () => {
      const parsed = rendered(source + AFTER, file);
      expect(parsed).toHaveLength(1);
      expect(parsed[0].split("\n")[0]).toBe(
        `error: \`${name}\` is a construct of the full Jadpo language, which this toolchain doesn't cover --> domains/shop/x.jadpo:1:1`,
      );
      expect(parsed[0]).toContain("rule: syntax.unsupported");
    });

    it(`\`${name}\` after another declaration is one diagnostic too`, () => {
      const parsed = rendered(`type First = Text\n${source}${AFTER}`, file);
      expect(parsed).toHaveLength(1);
      expect(parsed[0].split("\n")[0]).toContain(`\`${name}\` is a construct of the full Jadpo language`);
      expect(parsed[0].split("\n")[0]).toMatch(/x\.jadpo:2:1$/);
    });
  }

  it("the words stay names: parameters, fields, variables and entries", () => {
    const source = [
      "type Form = Object {",
      "    value: Text",
      "    input: Int",
      "    query: Text",
      "}",
      "function f(query: Text, value: Int, entity: Text) -> Text {",
      "    var input = query",
      "    var config = Form { value: input, input: value, query: entity }",
      "    return config.query",
      "}",
      "function g(enum: Text) -> Text {",
      "    return enum",
      "}",
    ].join("\n");
    expect(rendered(source, file)).toEqual([]);
    expect(decls(source, file).map((decl) => decl.kind)).toEqual(["type", "function", "function"]);
  });

  it("a word that only looks like one (`value = …`, `enum Name` without `{`) is read as before", () => {
    expect(rendered("value = 3\n", file)[0]).toContain("rule: syntax.expected");
    expect(rendered("enum Role\n", file)[0]).toContain("rule: syntax.expected");
  });

  it("the rest of the project is still checked: a mistake elsewhere is reported beside it", () => {
    const root = "/p";
    const host = memoryHost({
      [`${root}/app.jadpo`]: "",
      [`${root}/domains/shop/users.jadpo`]: CONSTRUCTS.entity + CONSTRUCTS.route + "\nfunction name_of(n: Text) -> Text {\n    return n\n}\n",
      [`${root}/domains/shop/count.jadpo`]: "function count() -> Int {\n    return \"many\"\n}\n",
    });
    const result = compileProject(host, root);
    expect(result.diagnostics.map((d) => `${d.span?.file}:${d.span?.line} ${d.rule}`)).toEqual([
      "domains/shop/count.jadpo:2 type.mismatch",
      "domains/shop/users.jadpo:1 syntax.unsupported",
      "domains/shop/users.jadpo:5 syntax.unsupported",
    ]);
    expect(result.program).not.toBeNull();
  });
});
