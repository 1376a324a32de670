// Both pages in the build; nothing else is configured.
export default {
  build: { rollupOptions: { input: { main: "index.html", inline: "inline.html" } } },
};
