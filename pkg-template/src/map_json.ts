// Reading an editor's JSON by path, for the map loaders (sepax/maps). Every value a loader uses is read through a
// `JsonReader`, which checks it where it is read: a value of the wrong type is a TypeError, a value out of range a
// RangeError, and both messages name the entry point and the value's JSON path, e.g.
// `readTiledMap: layers[2].objects[5].polygon[3].x must be a number (got the string "a")`. A loader never
// dereferences a field without knowing its type, so a bad map can only end in one of these errors.
//
// Pure JavaScript: no map module imports the wasm glue, so reading a map works before (and without) `init()`.

/** A JSON object as `JSON.parse` returns it. */
export type Json = { readonly [key: string]: unknown };

/** What a wrong value was, for a message: `null`, `the string "3"`, `NaN`, `an array`, `object`, …. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

/** `path.key`, or `key` at the root. */
export function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** `path[index]`. */
export function item(path: string, index: number): string {
  return `${path}[${index}]`;
}

/** Checks values read from one editor's JSON, naming `fn` (the entry point called) in every message. */
export class JsonReader {
  constructor(readonly fn: string) {}

  /** A TypeError `fn: path message`. */
  typeError(path: string, message: string): TypeError {
    return new TypeError(`${this.fn}: ${path} ${message}`);
  }

  /** A RangeError `fn: path message`. */
  rangeError(path: string, message: string): RangeError {
    return new RangeError(`${this.fn}: ${path} ${message}`);
  }

  /** `value` as an object (not an array, not null). */
  object(value: unknown, path: string): Json {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw this.typeError(path, `must be an object (got ${describe(value)})`);
    }
    return value as Json;
  }

  /** `value` as an array. */
  array(value: unknown, path: string): readonly unknown[] {
    if (!Array.isArray(value)) throw this.typeError(path, `must be an array (got ${describe(value)})`);
    return value;
  }

  /** `object[key]`; a getter or proxy that throws becomes a TypeError naming the field. */
  get(object: Json, key: string, path: string): unknown {
    try {
      return object[key];
    } catch (error) {
      const message = error instanceof Error ? error.message : describe(error);
      throw this.typeError(join(path, key), `could not be read (it threw: ${message})`);
    }
  }

  /** `object[key]` as an object, or `undefined` when absent (or null, as editors write absent objects). */
  optionalObject(object: Json, key: string, path: string): Json | undefined {
    const value = this.get(object, key, path);
    return value === undefined || value === null ? undefined : this.object(value, join(path, key));
  }

  /** `object[key]` as an array, or `undefined` when absent or null. */
  optionalArray(object: Json, key: string, path: string): readonly unknown[] | undefined {
    const value = this.get(object, key, path);
    return value === undefined || value === null ? undefined : this.array(value, join(path, key));
  }

  /** `value` as a finite number. */
  number(value: unknown, path: string): number {
    if (typeof value !== "number") throw this.typeError(path, `must be a number (got ${describe(value)})`);
    if (!Number.isFinite(value)) throw this.rangeError(path, `must be a finite number (got ${value})`);
    return value;
  }

  /** `object[key]` as a finite number; `fallback` when absent (required when `fallback` is omitted). */
  numberAt(object: Json, key: string, path: string, fallback?: number): number {
    const value = this.get(object, key, path);
    if (value === undefined && fallback !== undefined) return fallback;
    return this.number(value, join(path, key));
  }

  /** `value` as an integer in `[min, max]`. */
  integer(value: unknown, path: string, min: number, max: number): number {
    const v = this.number(value, path);
    if (!Number.isInteger(v) || v < min || v > max) {
      throw this.rangeError(path, `must be an integer from ${min} to ${max} (got ${v})`);
    }
    return v;
  }

  /** `object[key]` as an integer in `[min, max]`; `fallback` when absent (required when omitted). */
  integerAt(object: Json, key: string, path: string, min: number, max: number, fallback?: number): number {
    const value = this.get(object, key, path);
    if (value === undefined && fallback !== undefined) return fallback;
    return this.integer(value, join(path, key), min, max);
  }

  /** `object[key]` as a string; `fallback` when absent or null (required when omitted). */
  stringAt(object: Json, key: string, path: string, fallback?: string): string {
    const value = this.get(object, key, path);
    if ((value === undefined || value === null) && fallback !== undefined) return fallback;
    if (typeof value !== "string") throw this.typeError(join(path, key), `must be a string (got ${describe(value)})`);
    return value;
  }

  /** `object[key]` as a boolean; `fallback` when absent (required when omitted). */
  booleanAt(object: Json, key: string, path: string, fallback?: boolean): boolean {
    const value = this.get(object, key, path);
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== "boolean") throw this.typeError(join(path, key), `must be a boolean (got ${describe(value)})`);
    return value;
  }
}
