// How one Tiled object becomes one sepax shape (sepax/maps; tiled.ts says which documentation each rule follows):
// the object's kind from its flags, and the record of each kind sepax supports. Also the outline of a tile's
// collision shape, which is drawn with the same objects. Object `(x, y)` is the top-left of rectangles, ellipses and
// capsules (the point `align` names on a tile object's bounds), the origin of polygon points, and the centre of
// rotation for all of them.

import { item, join, type Json, type JsonReader } from "./map_json.js";
import { isConvex, type MapShape, turn, withoutRepeats } from "./map_plan.js";

/** The most points of a convex polygon, of a concave one and of a chain (the world's limits). */
export const MAX_POLYGON = 64;
const MAX_OUTLINE = 1024;
const MAX_CHAIN = 4096;

/** What an object is, from its flags and lists. */
export type ObjectKind =
  "rectangle" | "ellipse" | "capsule" | "point" | "polygon" | "polyline" | "text" | "tile" | "template";

/** "a rectangle", "an ellipse", …. */
export function article(kind: ObjectKind): string {
  const word = kind === "tile" ? "tile object" : kind;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

/** What an object is; the `kind`s sepax cannot use are still named, so the error can say which it is. */
export function objectKind(r: JsonReader, o: Json, path: string): ObjectKind {
  if (r.get(o, "template", path) !== undefined) return "template";
  if (r.get(o, "text", path) !== undefined) return "text";
  if (r.get(o, "gid", path) !== undefined) return "tile";
  if (r.booleanAt(o, "point", path, false)) return "point";
  if (r.booleanAt(o, "ellipse", path, false)) return "ellipse";
  if (r.booleanAt(o, "capsule", path, false)) return "capsule";
  if (r.get(o, "polygon", path) !== undefined) return "polygon";
  if (r.get(o, "polyline", path) !== undefined) return "polyline";
  return "rectangle";
}

/** The points of `o[key]` (a list of `{ x, y }`) as `x0, y0, …`. */
export function objectPoints(r: JsonReader, o: Json, path: string, key: "polygon" | "polyline"): number[] {
  const lp = join(path, key);
  const list = r.array(r.get(o, key, path), lp);
  const out: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const pp = item(lp, i);
    const p = r.object(list[i], pp);
    out.push(r.numberAt(p, "x", pp), r.numberAt(p, "y", pp));
  }
  return out;
}

/** A rectangle (or a tile object's bounds) whose point `(x, y)` is at `align` (fractions of its size). */
export function rectangleShape(
  r: JsonReader,
  o: Json,
  op: string,
  x: number,
  y: number,
  rotation: number,
  align: readonly [number, number],
): MapShape {
  const w = r.numberAt(o, "width", op, 0);
  const h = r.numberAt(o, "height", op, 0);
  if (!(w > 0 && h > 0)) throw r.rangeError(op, `is a rectangle of ${w} × ${h}: it needs a width and height above 0`);
  const [cx, cy] = turn(w * (0.5 - align[0]), h * (0.5 - align[1]), rotation);
  const quarter = ((rotation % 360) + 360) % 360;
  if (quarter === 0 || quarter === 180)
    return { kind: "alignedBox", x: x + cx, y: y + cy, halfWidth: w / 2, halfHeight: h / 2 };
  if (quarter === 90 || quarter === 270)
    return { kind: "alignedBox", x: x + cx, y: y + cy, halfWidth: h / 2, halfHeight: w / 2 };
  return {
    kind: "box",
    x: x + cx,
    y: y + cy,
    angle: (rotation * Math.PI) / 180,
    halfWidth: w / 2,
    halfHeight: h / 2,
  };
}

/** An ellipse (a circle when round) or a capsule (a rounded rectangle: round ends on its shorter side). */
export function roundedShape(
  r: JsonReader,
  o: Json,
  op: string,
  x: number,
  y: number,
  rotation: number,
  kind: "ellipse" | "capsule",
): MapShape {
  const w = r.numberAt(o, "width", op, 0);
  const h = r.numberAt(o, "height", op, 0);
  if (!(w > 0 && h > 0))
    throw r.rangeError(op, `is ${article(kind)} of ${w} × ${h}: it needs a width and height above 0`);
  const [cx, cy] = turn(w / 2, h / 2, rotation);
  const round = Math.abs(w - h) <= 1e-9 * Math.max(w, h);
  if (round) return { kind: "circle", x: x + cx, y: y + cy, radius: (w + h) / 4 };
  if (kind === "ellipse") {
    throw r.rangeError(
      op,
      `is an ellipse of ${w} × ${h}: only round ellipses (width = height) are supported, as circles`,
    );
  }
  const along = w > h ? rotation : rotation + 90;
  return {
    kind: "capsule",
    x: x + cx,
    y: y + cy,
    angle: along % 360 === 0 ? 0 : (along * Math.PI) / 180,
    halfLength: Math.abs(w - h) / 2,
    radius: Math.min(w, h) / 2,
  };
}

/** A polygon (convex, or concave) or a polyline (an open chain), its points turned by the object's rotation. */
export function outlineShape(
  r: JsonReader,
  o: Json,
  op: string,
  x: number,
  y: number,
  rotation: number,
  kind: "polygon" | "polyline",
): MapShape {
  const local = objectPoints(r, o, op, kind);
  const turned: number[] = [];
  for (let i = 0; i < local.length; i += 2) turned.push(...turn(local[i], local[i + 1], rotation));
  const lp = join(op, kind);
  if (kind === "polyline") {
    const n = withoutRepeats(turned).length / 2;
    if (n < 2) throw r.rangeError(lp, `has ${n} distinct point${n === 1 ? "" : "s"}: a polyline needs 2 or more`);
    if (turned.length / 2 > MAX_CHAIN)
      throw r.rangeError(lp, `has ${turned.length / 2} points: a chain holds ${MAX_CHAIN}`);
    return { kind: "chain", x, y, points: turned, loop: false };
  }
  const clean = withoutRepeats(turned);
  const n = clean.length / 2;
  if (n < 3) throw r.rangeError(lp, `has ${n} distinct point${n === 1 ? "" : "s"}: a polygon needs 3 or more`);
  if (n <= MAX_POLYGON && isConvex(clean)) return { kind: "polygon", x, y, points: clean };
  if (n > MAX_OUTLINE) throw r.rangeError(lp, `has ${n} points: a concave polygon holds ${MAX_OUTLINE}`);
  return { kind: "concave", x, y, points: clean };
}

/**
 * A tile's one collision shape (the objects of its `objectgroup`, at `path`) as an outline in tile pixels, or null
 * when it has none.
 */
export function tileOutline(r: JsonReader, objects: readonly unknown[], path: string): number[] | null {
  if (objects.length === 0) return null;
  if (objects.length > 1) {
    throw r.rangeError(
      path,
      `holds ${objects.length} collision shapes: a tile's collision must be one rectangle or one convex ` +
        `polygon (a grid cell holds one convex outline)`,
    );
  }
  const op = item(path, 0);
  const o = r.object(objects[0], op);
  const kind = objectKind(r, o, op);
  const x = r.numberAt(o, "x", op, 0);
  const y = r.numberAt(o, "y", op, 0);
  const rotation = r.numberAt(o, "rotation", op, 0);
  let local: number[];
  if (kind === "rectangle") {
    const w = r.numberAt(o, "width", op);
    const h = r.numberAt(o, "height", op);
    if (!(w > 0 && h > 0)) throw r.rangeError(op, `is a rectangle of ${w} × ${h}: it needs a width and height above 0`);
    local = [0, 0, w, 0, w, h, 0, h];
  } else if (kind === "polygon") {
    local = objectPoints(r, o, op, "polygon");
  } else {
    throw r.rangeError(op, `is ${article(kind)}: a tile's collision shape must be a rectangle or a convex polygon`);
  }
  const outline: number[] = [];
  for (let i = 0; i < local.length; i += 2) {
    const [tx, ty] = turn(local[i], local[i + 1], rotation);
    outline.push(x + tx, y + ty);
  }
  const clean = withoutRepeats(outline);
  if (clean.length / 2 > MAX_POLYGON || !isConvex(clean)) {
    throw r.rangeError(
      op,
      `is not a convex polygon of 3 to ${MAX_POLYGON} points, which a tile's collision shape must be`,
    );
  }
  return clean;
}
