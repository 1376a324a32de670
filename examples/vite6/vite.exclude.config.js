// Vite <= 7's dev server: its dependency optimizer moves sepax's JS away from its .wasm files, whose URLs
// then return the HTML page. Excluding sepax from the optimizer keeps them together.
export default {
  optimizeDeps: { exclude: ["sepax"] },
  build: { rollupOptions: { input: { main: "index.html", inline: "inline.html" } } },
};
