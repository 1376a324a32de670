// Determinism through the assembled package (pkg/, Node entry): the seeded sequence of
// fixtures/determinism-sequence.mjs, driven through the public JS API, hashes to the one committed constant with
// whichever build init() loaded (scripts/test.sh runs this file with the simd128 build and again with the baseline
// one), and twice in one process to the same value. Prints the hash with the build's name.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World, wasmBuild } from "../../pkg/node.js";
import { EXPECTED, Hasher, runSequence } from "./fixtures/determinism-sequence.mjs";

await init();

test("the hasher is FNV-1a 64 over the little-endian bytes of each word", () => {
  const reference = (bytes) => {
    let h = 0xcbf29ce484222325n;
    for (const b of bytes) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
    return h.toString(16).padStart(16, "0");
  };
  assert.equal(reference([0x61]), "af63dc4c8601ec8c", "the published FNV-1a 64 vector of 'a'");
  const h = new Hasher();
  const bytes = [];
  for (const w of [0, 1, 0x61, 0xffffffff, 0x80000000, 0xdeadbeef, 12345678]) {
    h.u32(w);
    bytes.push(w & 0xff, (w >>> 8) & 0xff, (w >>> 16) & 0xff, w >>> 24);
  }
  assert.equal(h.hex(), reference(bytes));
  const [neg, pos] = [new Hasher(), new Hasher()];
  neg.f32(-0);
  pos.f32(0);
  assert.notEqual(neg.hex(), pos.hex(), "-0 and +0 hash apart");
});

test("the seeded sequence hashes to the committed constant", () => {
  const { hash, words } = runSequence(World);
  console.log(
    `determinism hash (package, ${wasmBuild()} build, Node ${process.versions.node}): ${hash} over ${words} words`,
  );
  assert.ok(words > 100_000, `only ${words} words hashed`);
  assert.equal(hash, EXPECTED, `the package-level determinism hash changed with the ${wasmBuild()} build`);
});

test("two runs in one process give the same hash", () => {
  assert.deepEqual(runSequence(World), runSequence(World));
});
