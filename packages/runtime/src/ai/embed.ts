// The fake's embeddings (docs/testing.md): SHA-256 of `<test seed>:<text>`, extended by counter hashing,
// mapped into [-1, 1] and scaled to unit length. Same text and seed → same vector, everywhere.
import { createHash } from "node:crypto";

export function fakeEmbedding(testSeed: number, text: string, dimensions: number): number[] {
  const raw: number[] = [];
  for (let block = 0; raw.length < dimensions; block++) {
    const input = block === 0 ? `${testSeed}:${text}` : `${testSeed}:${text}:${block}`;
    const digest = createHash("sha256").update(input, "utf8").digest();
    for (let i = 0; i + 4 <= digest.length && raw.length < dimensions; i += 4) {
      raw.push((digest.readUInt32BE(i) / 2 ** 32) * 2 - 1);
    }
  }
  const norm = Math.sqrt(raw.reduce((sum, x) => sum + x * x, 0));
  if (norm === 0) return raw.map((_, i) => (i === 0 ? 1 : 0));
  return raw.map((x) => x / norm);
}

/**
 * Cosine similarity: what `vector.similarity` computes. 0 when either vector is all zeros (a zero
 * vector points nowhere: similar to nothing). null when the lengths differ: comparing over the
 * shorter would hide embeddings from two different models, so the caller reports it.
 */
export function cosine(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length) return null;
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  if (na === 0 || nb === 0) return 0;
  return dot / (Math.sqrt(na) * Math.sqrt(nb));
}
