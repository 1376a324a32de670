// sepax, CommonJS entry (the `require` condition under `node`). The package is ES modules; Node 20.19+ and 22.12+
// can require() them, so this file loads the Node entry that way and exports `init` itself with every other export
// as a property: `const init = require("sepax")`, `const { init, World } = require("sepax")` and
// `require("sepax").default` all work, and share one instance with `import "sepax"`. On an older Node it throws at
// once, saying what to do instead.
"use strict";

if (!process.features.require_module) {
  throw new Error(
    `sepax is an ES module package, and this Node (${process.version}) cannot require() ES modules. ` +
      'Use `const { default: init, World } = await import("sepax")`, or Node >= 20.19 or >= 22.12 where ' +
      'require("sepax") works.',
  );
}

const esm = require("./node.js");

function init(input) {
  return esm.init(input);
}
for (const name of Object.keys(esm)) {
  if (name !== "__esModule") init[name] = esm[name];
}
init.init = init;
init.default = init;
module.exports = init;
