// Headless Debian Chromium for the browser tests, launched the one way that works on this
// project's machines (docs/toolchain.md#chromium-flags): playwright-core from the npm dev
// tools, /usr/bin/chromium (or $SEPAX_CHROMIUM), a fresh profile folder, and flags that keep
// Chromium's own background traffic off the closed network (without them its refused
// connections show up as errors).
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** `require` resolving from the npm dev tools (tools/, or $SEPAX_TOOLS_DIR). */
export const toolsRequire = createRequire(join(process.env.SEPAX_TOOLS_DIR ?? join(ROOT, "tools"), "package.json"));

const { chromium } = toolsRequire("playwright-core");

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Launches Chromium with a fresh profile named after `name`; extra playwright context options
 * (e.g. a viewport) may be given. `close()` ends the browser and removes the profile.
 */
export async function launchChromium(name, options = {}) {
  const userDir = mkdtempSync(join(tmpdir(), `sepax-${name}-chromium-`));
  const context = await chromium.launchPersistentContext(userDir, {
    executablePath: process.env.SEPAX_CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ARGS,
    ...options,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDir, { recursive: true, force: true });
    },
  };
}
