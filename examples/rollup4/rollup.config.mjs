import { nodeResolve } from "@rollup/plugin-node-resolve";

// main.js imports "sepax" (its .wasm files are copied into dist/ by the build script: Rollup does not copy
// `new URL(…, import.meta.url)` assets); inline.js imports "sepax/inline" and needs nothing more.
export default {
  input: ["main.js", "inline.js"],
  output: { dir: "dist", format: "es" },
  plugins: [nodeResolve({ browser: true })],
};
