// What a recording keeps of a person's data (docs/testing.md, "Placeholders" and "keeping recordings
// fresh"), with the probe's own contact prompt: every Text, Int, Decimal and Instant becomes a
// placeholder unless its type is `personal: false`; Durations, Bools, `none` and enum members stay as
// they are. `asked.values` is keyed by the project's recording key — `.jadpo/recording-key`, made when
// first needed, or `JADPO_RECORDING_KEY` — so trying every PIN against a committed recording finds
// nothing, and the key itself is printed nowhere.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { digest8 } from "@jadpo/compiler";
import { RecordingKey, valuesDigestOfJson } from "@jadpo/runtime/recordings";
import { describe, expect, it } from "vitest";
import { disposedAfterEach } from "../support/example.ts";
import { projectDigest } from "./expected.ts";
import { modelServerForFile, Project } from "./harness.ts";

const JANE = {
  name: "Jane Doe", email: "jane.doe@example.com", phone: "+44 20 7946 0958", iban: "GB33BUKB20201555555555",
  address: { street: "12 Elm Street", city: "Leeds", postcode: "LS1 4AP" },
  age: 47, balance: 1234.5, born: "1978-03-14T00:00:00Z", reviewed: "2026-02-01T09:00:00Z", on_call: "15m",
  kind: "patient", verified: true, aliases: ["JD", "Janie"], note: null, label: "Jane Doe VIP jane.doe@example.com",
};

const { server: model, env } = modelServerForFile(JSON.stringify(JANE));


/** The example app with the probe's `extract_contact` prompt, an action that asks it, and the fixture `letters.jane`. */
function contactProject(letter = "My PIN is 481516"): Project {
  const project = Project.example();
  project.write("domains/contacts/types.jadpo", `type Iban = Text { pattern: "[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}" }
type Born = Instant
type Reviewed = Instant { personal: false }
type Label = Text { personal: false }
type Kind = Enum { patient employee customer }

type Address = Object {
    street: Text
    city: Text
    postcode: Text
}

type Contact = Object {
    name: Text
    email: Text
    phone: Text
    iban: Iban
    address: Address
    age: Int
    balance: Decimal
    born: Born
    reviewed: Reviewed
    on_call: Duration
    kind: Kind
    verified: Bool
    aliases: List<Text>
    note: Text?
    label: Label
}
`);
  project.write("domains/contacts/prompts/extract_contact.jadpo", `prompt extract_contact(letter: Text) {
    text: "Extract the contact from this letter: {letter}"
}
`);
  project.write("domains/contacts/actions/read_letter.jadpo", `use contacts/types { Contact }
use contacts/prompts { ExtractContact }

action read_letter(letter: Text) -> Contact? {
    return match ai.generate(ExtractContact { letter: letter }, as: Contact) {
        success(contact) => contact
        failure AiUnreadable, AiRefused, AiTimedOut, AiOverBudget, AiTooLong => none
    }
}
`);
  project.write("domains/contacts/fixtures/letters.jadpo", `use contacts/prompts { ExtractContact }

fixtures letters {
    jane -> ExtractContact { return ExtractContact { letter: ${JSON.stringify(letter)} } }
}
`);
  return project;
}

const example = disposedAfterEach(() => contactProject());
const FILE = "domains/contacts/prompts/recordings/extract_contact/jane.json";
const KEY_FILE = ".jadpo/recording-key";

async function recordJane(project: Project, more: Record<string, string> = {}) {
  const run = await project.run(["ai", "record", "extract_contact", "--as", "jane", "--fixture", "letters.jane"], { ...env(), ...more });
  expect(run.stderr).toBe("");
  expect(run.code, run.stdout).toBe(0);
  return run;
}

describe("a recorded contact", () => {
  it("keeps no Text, number or Instant of Jane's; Durations, Bools, none, enum members and `personal: false` types as they were", async () => {
    const project = example();
    const run = await recordJane(project);
    expect(JSON.parse(project.read(FILE)).answer).toEqual({
      name: "{Text}", email: "{Text}", phone: "{Text}", iban: "{Iban}",
      address: { street: "{Text}", city: "{Text}", postcode: "{Text}" },
      age: "{Int}", balance: "{Decimal}", born: "{Born}", reviewed: "2026-02-01T09:00:00Z", on_call: "15m",
      kind: "patient", verified: true, aliases: ["{Text}", "{Text}"], note: null, label: "Jane Doe VIP jane.doe@example.com",
    });
    expect(run.stdout).toContain("    values    12 placeholders\n");
    expect(run.stdout).toContain(", born → {Born}, aliases[] → {Text}; `personal: false` on a field's type keeps it verbatim\n");
    expect(project.read(FILE)).not.toContain("1978");
    expect(model().requests).toHaveLength(1);
  });

  it("an Instant not behind a named type is `{Instant}`, and a test reads it with a generated Instant", async () => {
    const project = example();
    const types = "domains/contacts/types.jadpo";
    project.write(types, project.read(types).replace("    born: Born\n", "    born: Instant\n"));
    await recordJane(project);
    expect(JSON.parse(project.read(FILE)).answer.born).toBe("{Instant}");
    const test = await project.run(["test"]);
    expect(test.stdout).toContain("passed");
    expect(test.code, test.stdout).toBe(0);
  });

  it("an older recording holding an Instant verbatim still reads", async () => {
    const project = example();
    await recordJane(project);
    project.write(FILE, project.read(FILE).replace('"born": "{Born}"', '"born": "1978-03-14T00:00:00Z"'));
    const test = await project.run(["test", `${FILE}:1`]);
    expect(test.stdout).toBe("✓ 1 passed  1 recording test\n");
    expect(test.code).toBe(0);
  });
});

describe("asked.values, keyed", () => {
  it("makes .jadpo/recording-key when there is none — random, its owner's alone — and digests under it", async () => {
    const project = example();
    expect(project.exists(KEY_FILE)).toBe(false);
    const run = await recordJane(project);
    const key = readFileSync(join(project.root, KEY_FILE), "utf8");
    expect(key).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(join(project.root, KEY_FILE)).mode & 0o777).toBe(0o600);
    const values = { letter: "My PIN is 481516" };
    expect(JSON.parse(project.read(FILE)).asked.values).toBe(projectDigest(project.root, values));
    expect(`${run.stdout}${run.stderr}${project.read(FILE)}`).not.toContain(key.trim());
    // The same key the next time: a second recording of the same values has the same digest.
    project.remove(FILE);
    await recordJane(project);
    expect(readFileSync(join(project.root, KEY_FILE), "utf8")).toBe(key);
    expect(JSON.parse(project.read(FILE)).asked.values).toBe(projectDigest(project.root, values));
    // Another project gets its own key, so the same values get another digest.
    const other = contactProject();
    try {
      await recordJane(other);
      expect(other.read(KEY_FILE)).not.toBe(key);
      expect(JSON.parse(other.read(FILE)).asked.values).not.toBe(JSON.parse(project.read(FILE)).asked.values);
    } finally {
      other.dispose();
    }
  });

  it("takes JADPO_RECORDING_KEY over the file, and writes no file then", async () => {
    const project = example();
    const shared = "our team's recording key 0b9e";
    const run = await recordJane(project, { JADPO_RECORDING_KEY: shared });
    expect(JSON.parse(project.read(FILE)).asked.values).toBe(valuesDigestOfJson(new RecordingKey(shared), { letter: "My PIN is 481516" }));
    expect(project.exists(KEY_FILE)).toBe(false);
    expect(`${run.stdout}${run.stderr}`).not.toContain(shared);
    // With a key file there, the variable still wins.
    project.remove(FILE);
    await recordJane(project);
    expect(project.exists(KEY_FILE)).toBe(true);
    project.remove(FILE);
    await recordJane(project, { JADPO_RECORDING_KEY: shared });
    expect(JSON.parse(project.read(FILE)).asked.values).toBe(valuesDigestOfJson(new RecordingKey(shared), { letter: "My PIN is 481516" }));
  });

  it("can't be brute-forced without the key: no PIN's unkeyed digest is the one kept", async () => {
    const project = example();
    await recordJane(project);
    const kept = JSON.parse(project.read(FILE)).asked.values as string;
    const letter = (pin: string) => ({ letter: `My PIN is ${pin}` });
    // The probe's attack: the unkeyed SHA-256 prefix of this letter, found by trying every PIN.
    expect(digest8(letter("481516"))).toBe("5eb948ed");
    expect(kept).not.toBe("5eb948ed");
    const pins = Array.from({ length: 10_000 }, (_, i) => String(476_000 + i));
    expect(pins.filter((pin) => digest8(letter(pin)) === kept)).toEqual([]);
    expect(pins.filter((pin) => projectDigest(project.root, letter(pin)) === kept)).toEqual(["481516"]);
  });
});
