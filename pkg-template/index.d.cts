// Types of the CommonJS entry (node.cjs): `init` itself, with every export of the ES module entry as a property.
import type * as sepax from "./index.js" with { "resolution-mode": "import" };

declare const init: typeof sepax.init & {
  readonly init: typeof sepax.init;
  readonly default: typeof sepax.init;
  readonly initSync: typeof sepax.initSync;
  readonly wasmBuild: typeof sepax.wasmBuild;
  readonly simd128: typeof sepax.simd128;
  readonly World: typeof sepax.World;
};
declare namespace init {
  type World = sepax.World;
  type ShapeOptions = sepax.ShapeOptions;
  type WorldOptions = sepax.WorldOptions;
  type ProbeShape = sepax.ProbeShape;
  type ShapePlacement = sepax.ShapePlacement;
  type ShapeDesc = sepax.ShapeDesc;
  type ShapeRecord = sepax.ShapeRecord;
  type RayHit = sepax.RayHit;
  type TransformViews = sepax.TransformViews;
  type WasmSource = sepax.WasmSource;
  type InitInput = sepax.InitInput;
  type SyncInitInput = sepax.SyncInitInput;
}
export = init;
