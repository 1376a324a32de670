// Types of sepax/inline (inline.js): the same API as the main entry.
export * from "./index.js";
export { default } from "./index.js";
