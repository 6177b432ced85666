// The library's functions as signature help and hover show them: parameters and result, as the
// language reference's table writes them. Keyed by every library function, so a new one fails
// the typecheck here until it is given its line.
import type { LibraryFunction } from "@jadpo/compiler";

export const LIBRARY_SIGNATURES: Record<LibraryFunction, { params: string[]; result: string }> = {
  "list.count": { params: ["l: List<T>"], result: "Int" },
  "list.first": { params: ["l: List<T>"], result: "T?" },
  "list.last": { params: ["l: List<T>"], result: "T?" },
  "list.get": { params: ["l: List<T>", "i: Int"], result: "T?" },
  "list.is_empty": { params: ["l: List<T>"], result: "Bool" },
  "list.contains": { params: ["l: List<T>", "x: T"], result: "Bool" },
  "list.append": { params: ["l: List<T>", "x: T"], result: "List<T>" },
  "list.take": { params: ["l: List<T>", "n: Int"], result: "List<T>" },
  "list.drop": { params: ["l: List<T>", "n: Int"], result: "List<T>" },
  "list.reverse": { params: ["l: List<T>"], result: "List<T>" },
  "list.concat": { params: ["a: List<T>", "b: List<T>"], result: "List<T>" },
  "list.index_of": { params: ["l: List<T>", "x: T"], result: "Int?" },
  "list.sum": { params: ["l: List<Int or Decimal>"], result: "Int or Decimal" },
  "list.min": { params: ["l: List<T>"], result: "T?" },
  "list.max": { params: ["l: List<T>"], result: "T?" },
  "list.sort": { params: ["l: List<T>"], result: "List<T>" },
  "list.unique": { params: ["l: List<T>"], result: "List<T>" },
  "text.length": { params: ["t: Text"], result: "Int" },
  "text.contains": { params: ["t: Text", "s: Text"], result: "Bool" },
  "text.starts_with": { params: ["t: Text", "s: Text"], result: "Bool" },
  "text.ends_with": { params: ["t: Text", "s: Text"], result: "Bool" },
  "text.lower": { params: ["t: Text"], result: "Text" },
  "text.upper": { params: ["t: Text"], result: "Text" },
  "text.trim": { params: ["t: Text"], result: "Text" },
  "text.join": { params: ["items: List<Text>", "separator: Text"], result: "Text" },
  "text.of": { params: ["v"], result: "Text" },
  "text.take": { params: ["t: Text", "n: Int"], result: "Text" },
  "text.drop": { params: ["t: Text", "n: Int"], result: "Text" },
  "text.slice": { params: ["t: Text", "from: Int", "to: Int"], result: "Text" },
  "text.index_of": { params: ["t: Text", "s: Text"], result: "Int?" },
  "text.replace": { params: ["t: Text", "old: Text", "new: Text"], result: "Text" },
  "text.split": { params: ["t: Text", "separator: Text"], result: "List<Text>" },
  "text.to_int": { params: ["t: Text"], result: "Int?" },
  "text.to_decimal": { params: ["t: Text"], result: "Decimal?" },
  "number.abs": { params: ["x"], result: "the base type" },
  "number.min": { params: ["a", "b"], result: "the base type" },
  "number.max": { params: ["a", "b"], result: "the base type" },
  "decimal.round": { params: ["x: Decimal", "places: Int"], result: "Decimal" },
  "decimal.floor": { params: ["x: Decimal"], result: "Decimal" },
  "decimal.ceil": { params: ["x: Decimal"], result: "Decimal" },
  "int.round": { params: ["x: Decimal"], result: "Int" },
  "int.floor": { params: ["x: Decimal"], result: "Int" },
  "int.ceil": { params: ["x: Decimal"], result: "Int" },
  "vector.similarity": { params: ["a: List<Decimal>", "b: List<Decimal>"], result: "Decimal" },
  "clock.now": { params: [], result: "Instant" },
  "random.int": { params: ["min: Int", "max: Int"], result: "Int" },
};

/** `list.count(l: List<T>) -> Int`. */
export function librarySignature(fn: LibraryFunction): string {
  const { params, result } = LIBRARY_SIGNATURES[fn];
  return `${fn}(${params.join(", ")}) -> ${result}`;
}
