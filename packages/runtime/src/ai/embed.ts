// The fake's embeddings (docs/testing.md) are lexical, so retrieval code can be tested offline: the
// text is lower-cased and split into words (runs of Unicode letters and digits); every word and
// every character trigram of `#word#` is a feature; each feature adds ±1 to one dimension, the
// dimension and the sign both taken from SHA-256 of `<test seed>:<feature>`; the sum is scaled to
// unit length. Texts sharing words share features, so they are near; texts sharing none are near 0.
// A text without words (or whose features cancel out) gets a unit vector from the seed alone.
import { sha256, uint32At } from "@jadpo/compiler";

const WORD = /[\p{L}\p{N}]+/gu;

/** A text's features, each occurrence once: its words, then the trigrams of each `#word#`. */
export function embeddingFeatures(text: string): string[] {
  const features: string[] = [];
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    features.push(word);
    const chars = Array.from(`#${word}#`); // code points, so a letter outside the BMP is one character
    for (let i = 0; i + 3 <= chars.length; i++) features.push(chars[i] + chars[i + 1] + chars[i + 2]);
  }
  return features;
}

export function fakeEmbedding(testSeed: number, text: string, dimensions: number): number[] {
  const sum: number[] = new Array<number>(dimensions).fill(0);
  for (const feature of embeddingFeatures(text)) {
    const digest = sha256(`${testSeed}:${feature}`);
    sum[uint32At(digest, 0) % dimensions] += (digest[4] & 1) === 0 ? 1 : -1;
  }
  return unit(sum) ?? seedVector(testSeed, dimensions);
}

/** The vector scaled to length 1, or null when it is all zeros. */
function unit(v: number[]): number[] | null {
  const norm = Math.sqrt(v.reduce((total, x) => total + x * x, 0));
  return norm === 0 ? null : v.map((x) => x / norm);
}

/** The seed's own unit vector: SHA-256 of `<test seed>:`, extended by counter hashing, in [-1, 1]. */
function seedVector(testSeed: number, dimensions: number): number[] {
  const raw: number[] = [];
  for (let block = 0; raw.length < dimensions; block++) {
    const digest = sha256(block === 0 ? `${testSeed}:` : `${testSeed}::${block}`);
    for (let i = 0; i + 4 <= digest.length && raw.length < dimensions; i += 4) raw.push((uint32At(digest, i) / 2 ** 32) * 2 - 1);
  }
  return unit(raw) ?? raw.map((_, i) => (i === 0 ? 1 : 0));
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
