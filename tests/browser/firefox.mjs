// Headless Firefox for the browser tests: Debian's /usr/bin/firefox-esr (or $SEPAX_FIREFOX) driven through the
// geckodriver that scripts/setup.sh builds (docs/toolchain.md#geckodriver), by plain WebDriver over HTTP. No npm
// client: playwright-core's Firefox needs Playwright's own patched build, and the few WebDriver commands a test
// needs (new session, open a page, run a script, end) are a fetch each.
import { spawn } from "node:child_process";
import { createServer } from "node:net";

/** A port that was free a moment ago, on 127.0.0.1. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The `value` of a WebDriver response; a WebDriver error becomes a thrown Error with its message. */
async function command(url, method, body) {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = await response.json();
  if (!response.ok) throw new Error(`WebDriver ${method} ${url}: ${value?.error}: ${value?.message}`);
  return value;
}

/**
 * Starts geckodriver and a headless Firefox session (geckodriver makes and removes a fresh profile). Returns
 * `goto(url)` (resolves once the page has loaded), `evaluate(body)` (runs `body` as a function body in the page
 * and resolves with what it returns, as JSON) and `close()`.
 */
export async function launchFirefox() {
  const port = await freePort();
  const driver = spawn(process.env.SEPAX_GECKODRIVER ?? "geckodriver", ["--host", "127.0.0.1", "--port", `${port}`], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  // Firefox's own chatter ("running in headless mode", errors of its UI code at shutdown) goes to geckodriver's
  // stderr: kept (the last 4 KB), and shown only when starting fails.
  let log = "";
  driver.stderr.on("data", (chunk) => (log = (log + chunk).slice(-4096)));
  const exited = new Promise((resolve) => driver.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let tries = 0; ; tries++) {
      try {
        if ((await command(`${base}/status`, "GET")).ready) break;
      } catch (error) {
        if (tries > 100 || driver.exitCode !== null) throw new Error(`geckodriver did not start: ${error}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { sessionId } = await command(`${base}/session`, "POST", {
      capabilities: {
        alwaysMatch: {
          browserName: "firefox",
          "moz:firefoxOptions": { binary: process.env.SEPAX_FIREFOX ?? "/usr/bin/firefox-esr", args: ["-headless"] },
        },
      },
    });
    const session = `${base}/session/${sessionId}`;
    return {
      goto: (url) => command(`${session}/url`, "POST", { url }),
      evaluate: (body) => command(`${session}/execute/sync`, "POST", { script: body, args: [] }),
      async close() {
        await command(session, "DELETE").catch(() => {});
        driver.kill();
        await exited;
      },
    };
  } catch (error) {
    driver.kill();
    await exited;
    throw new Error(`${error.message}\ngeckodriver and Firefox said:\n${log}`, { cause: error });
  }
}
