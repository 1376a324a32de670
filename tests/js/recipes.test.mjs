// The recipes of docs/guide.md: each is a complete program in examples/recipes/ that imports "sepax" as a game would
// (node_modules/sepax there is linked to the built pkg/ here) and asserts what the guide says it does. Every code block
// of the guide that names a recipe file on its first line (`// examples/recipes/name.mjs`) must appear in that file
// word for word, so the guide cannot drift from code that runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const recipes = join(root, "examples", "recipes");
const linked = join(recipes, "node_modules", "sepax");
if (!existsSync(linked)) {
  mkdirSync(join(recipes, "node_modules"), { recursive: true });
  symlinkSync(join(root, "pkg"), linked, "dir");
}
const files = readdirSync(recipes).filter((f) => f.endsWith(".mjs"));

for (const file of files) {
  test(`recipe ${file} runs and its assertions hold`, () => {
    const run = spawnSync(process.execPath, [file], { cwd: recipes, encoding: "utf8" });
    assert.equal(run.status, 0, `${file} failed:\n${run.stdout}${run.stderr}`);
  });
}

test("every code block of docs/guide.md that names a recipe is in that recipe, word for word", () => {
  const guide = readFileSync(join(root, "docs", "guide.md"), "utf8");
  const blocks = [...guide.matchAll(/```js\n\/\/ (examples\/recipes\/[\w-]+\.mjs)\n([\s\S]*?)```/g)];
  assert.ok(blocks.length >= files.length, `${blocks.length} blocks name a recipe, ${files.length} recipes exist`);
  for (const [, file, body] of blocks) {
    const source = readFileSync(join(root, file), "utf8");
    // Each block may be an excerpt: every run of lines it holds appears in the file.
    assert.ok(source.includes(body.trimEnd()), `${file}: the guide's block is not in the file`);
  }
  for (const file of files) {
    assert.ok(
      blocks.some(([, named]) => named === `examples/recipes/${file}`),
      `docs/guide.md shows ${file}`,
    );
  }
});
