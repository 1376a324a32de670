/** Colours shared by the renderer and (by value) the browser test. */

/**
 * Pairs are shown in this hot pink, and nothing else on screen uses a colour near it: the browser test
 * (tests/browser/demo.test.mjs) classifies a pixel as "highlight" when r >= 200, g <= 130 and b >= 150.
 */
export const HIGHLIGHT = "#ff3cd2";
export const BACKGROUND = "#0e1320";
export const GRID = "#151c2c";
export const OUTLINE = "#7cff6b";
export const NORMAL = "#ffe14d";
export const DEPTH = "#ff8a1f";
export const CONTACT_POINT = "#4df3ff";
