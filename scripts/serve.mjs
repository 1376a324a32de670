#!/usr/bin/env node
// A tiny static file server for the demo (no dependencies).
//
//   node scripts/serve.mjs [DIR] [--port N] [--host H]     # defaults: www/dist, $PORT or 8080, 127.0.0.1
//
// Also imported by tests/browser/demo.test.mjs: `await startServer({ root, port: 0 })` listens on a free port.
// Serves .wasm as application/wasm (WebAssembly.instantiateStreaming refuses anything else), never caches
// (a rebuilt demo must not mix with a cached one), and sends the cross-origin isolation headers so that
// performance.now() has fine resolution (Chromium coarsens it to 100 µs otherwise) for the step timings, and so that
// a page served by it has SharedArrayBuffer, which sepax/threads needs to start its threads.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Serves `root` over HTTP. Resolves once listening, with the server and its base URL (ending in "/").
 * @param {{ root: string, port?: number, host?: string, log?: boolean }} options
 * @returns {Promise<{ server: import("node:http").Server, url: string }>}
 */
export function startServer({ root, port = 0, host = "127.0.0.1", log = false }) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    const status = await respond(base, req, res);
    if (log) console.log(`${status} ${req.method} ${req.url}`);
  });
  return new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => {
      const address = server.address();
      const shownHost = host.includes(":") ? `[${host}]` : host;
      ok({ server, url: `http://${shownHost}:${address.port}/` });
    });
  });
}

async function respond(base, req, res) {
  const send = (status, text) => {
    res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
    res.end(text);
    return status;
  };
  if (req.method !== "GET" && req.method !== "HEAD") return send(405, "method not allowed\n");
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  } catch {
    return send(400, "bad request\n");
  }
  if (pathname.endsWith("/")) pathname += "index.html";
  const file = resolve(base, "." + pathname);
  // No escaping the served folder with "..".
  if (file !== base && !file.startsWith(base + sep)) return send(403, "forbidden\n");
  let info;
  try {
    info = await stat(file);
  } catch {
    return send(404, "not found\n");
  }
  if (!info.isFile()) return send(404, "not found\n");
  res.writeHead(200, {
    "content-type": MIME[extname(file).toLowerCase()] ?? "application/octet-stream",
    "content-length": info.size,
    "cache-control": "no-store",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-embedder-policy": "require-corp",
  });
  if (req.method === "HEAD") {
    res.end();
    return 200;
  }
  createReadStream(file).pipe(res);
  return 200;
}

// ----- command line -------------------------------------------------------------------------------

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let root = fileURLToPath(new URL("../www/dist/", import.meta.url));
  let port = Number(process.env.PORT ?? 8080);
  let host = process.env.HOST ?? "127.0.0.1";
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--port") port = Number(args[++i]);
    else if (a === "--host") host = args[++i];
    else if (a === "-h" || a === "--help") {
      console.log("usage: node scripts/serve.mjs [DIR] [--port N] [--host H]");
      process.exit(0);
    } else root = a;
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: bad port ${port}`);
    process.exit(2);
  }
  try {
    await stat(resolve(root, "index.html"));
  } catch {
    console.error(`serve: ${resolve(root)}/index.html not found (build the demo: bash scripts/build-demo.sh)`);
    process.exit(1);
  }
  const { url } = await startServer({ root, port, host, log: process.env.SERVE_LOG === "1" }).catch((e) => {
    console.error(`serve: cannot listen on ${host}:${port}: ${e.message}`);
    process.exit(1);
  });
  console.log(`Serving ${resolve(root)}`);
  console.log(`Open ${url}  (Ctrl+C to stop)`);
}
