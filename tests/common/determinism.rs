//! The determinism sequence: one long seeded run of a [`World`] whose every result is
//! hashed bit for bit, so that two environments agree exactly when their hashes do.
//!
//! One place for it, run by the native test (`tests/determinism.rs`, `cargo test`) and by
//! the wasm-bindgen tests (`tests/wasm_shared/determinism.rs`: Node, headless Chromium and
//! headless Firefox, each with the baseline and the simd128 build). Every one of them
//! compares [`run`]'s hash with the one constant [`EXPECTED`]: the crate promises the same
//! bits for the same calls on every target, and a kernel that summed in another order, a
//! fused multiply-add, or a library function that rounds differently on one target would
//! change the hash there and only there.
//!
//! What the run does, frame after frame ([`FRAMES`] of them, from [`SEED`]): a few hundred
//! shapes of all seven kinds, moving ones (some idle for good, some idle on some frames so
//! that they rest and wake), static ones (axis-aligned tiles on integer coordinates, where
//! projections meet signed zeros, and turned ones), angles of every size (zero, ordinary,
//! up to `3e38` and down to subnormals), removals and adds that reuse the freed ids, moves
//! of statics, layer changes. After each step it hashes the pairs, normals, depths,
//! started and ended lists, then point, box and shape queries, a ray, a batch of rays, a
//! shape cast, a sweep and a move-and-slide. The hash is FNV-1a (64 bits) over the
//! little-endian bytes of every `u32` and of every `f32`'s bits (`to_bits`), in the order
//! the results come; a count or a "nothing hit" goes in too, so results cannot shift
//! between calls unnoticed.
//!
//! Nothing here calls a library float function (`sin`, `powi`, ...): the inputs are built
//! from the seeded stream with `+`, `-`, `×` and exact constants only, so they are the same
//! bits everywhere, and any difference comes from the crate.

use super::rng::Mulberry32;
use sepax::world::MoveOptions;
use sepax::{Shape, ShapeOptions, Vec2, World};

/// The seed of the run.
pub const SEED: u32 = 0xD57E_2026;
/// How many steps the run makes.
pub const FRAMES: u32 = 300;
/// How many shapes the world starts with.
pub const SHAPES: u32 = 320;
/// The hash of the run in every environment (native, Node, Chromium, Firefox; baseline and
/// simd128). Changes only when the crate's results change on purpose: then every
/// environment must agree on the new value before it is committed here.
pub const EXPECTED: u64 = 0x44AB_A075_E30D_86C2;

/// The side of the square the shapes live in; movers wrap around it.
const SIDE: f32 = 48.0;

/// FNV-1a, 64 bits, over bytes.
pub struct Hasher {
    state: u64,
    /// How many 32-bit words went in (a guard against a run that hashes nothing).
    pub words: u64,
}

impl Hasher {
    /// The FNV-1a offset basis.
    pub fn new() -> Hasher {
        Hasher {
            state: 0xCBF2_9CE4_8422_2325,
            words: 0,
        }
    }

    /// Hashes the little-endian bytes of `v`.
    pub fn u32(&mut self, v: u32) {
        for byte in v.to_le_bytes() {
            self.state ^= u64::from(byte);
            self.state = self.state.wrapping_mul(0x0000_0100_0000_01B3);
        }
        self.words += 1;
    }

    /// Hashes the bits of `v` (so `-0.0` and `+0.0` differ, as do NaN payloads).
    pub fn f32(&mut self, v: f32) {
        self.u32(v.to_bits());
    }

    /// Hashes a length, then every element.
    pub fn u32s(&mut self, values: &[u32]) {
        self.u32(values.len() as u32);
        values.iter().for_each(|&v| self.u32(v));
    }

    /// Hashes a length, then every element's bits.
    pub fn f32s(&mut self, values: &[f32]) {
        self.u32(values.len() as u32);
        values.iter().for_each(|&v| self.f32(v));
    }

    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.state
    }
}

/// A shape that moves by itself: its velocity and spin, and whether it is idle for good.
struct Mover {
    id: u32,
    vx: f32,
    vy: f32,
    spin: f32,
    idle: bool,
}

/// Everything the run keeps between frames.
struct Run {
    world: World,
    rng: Mulberry32,
    movers: Vec<Mover>,
    statics: Vec<u32>,
    /// The shape moved by move-and-slide each frame (a capsule, never removed).
    player: u32,
    /// Reused output of the queries.
    ids: Vec<u32>,
}

/// Runs the sequence and returns its hash and how many words went into it.
pub fn run() -> (u64, u64) {
    let mut run = Run {
        world: World::new(),
        rng: Mulberry32::new(SEED),
        movers: Vec::new(),
        statics: Vec::new(),
        player: 0,
        ids: Vec::new(),
    };
    let mut hash = Hasher::new();
    run.player = run
        .world
        .add(
            Shape::capsule(0.4, 0.5).unwrap(),
            SIDE / 2.0,
            SIDE / 2.0,
            0.0,
            ShapeOptions::default(),
        )
        .unwrap();
    for _ in 0..SHAPES {
        run.add_random(&mut hash);
    }
    for frame in 0..FRAMES {
        run.frame(frame, &mut hash);
    }
    (hash.finish(), hash.words)
}

/// An angle of any size: zero, ordinary, huge (up to `3e38`) or tiny (down to subnormal).
fn angle(rng: &mut Mulberry32) -> f32 {
    const HUGE: [f32; 6] = [1.0e5, 3.7e6, 1.0e10, 6.02e23, 1.0e30, 3.0e38];
    const TINY: [f32; 5] = [1.0e-7, 1.0e-20, 1.0e-30, f32::MIN_POSITIVE, 1.0e-40];
    let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
    match rng.below(10) {
        0 => 0.0,
        1 => sign * HUGE[rng.below(HUGE.len())] * rng.range(1.0, 1.125),
        2 => sign * TINY[rng.below(TINY.len())] * rng.range(1.0, 2.0),
        _ => rng.range(-3.2, 3.2),
    }
}

/// A convex polygon: a regular n-gon (3 to 8 sides, exact constants) with each vertex
/// pulled in by up to 10 %.
fn polygon(rng: &mut Mulberry32, size: f32) -> Shape {
    // cos and sin of 2πk/24, k = 0..24, to f32: every regular n-gon with n | 24 below.
    const C: [f32; 7] = [
        1.0,
        0.965_925_8,
        0.866_025_4,
        core::f32::consts::FRAC_1_SQRT_2,
        0.5,
        0.258_819_04,
        0.0,
    ];
    let unit = |k: usize| {
        let k = k % 24;
        let (q, r) = (k / 6, k % 6);
        let (c, s) = (C[r], C[6 - r]);
        match q {
            0 => Vec2::new(c, s),
            1 => Vec2::new(-s, c),
            2 => Vec2::new(-c, -s),
            _ => Vec2::new(s, -c),
        }
    };
    let sides = [3, 4, 6, 8][rng.below(4)];
    let points: Vec<Vec2> = (0..sides)
        .map(|i| unit(i * 24 / sides) * (size * rng.range(0.9, 1.0)))
        .collect();
    Shape::polygon(&points).unwrap()
}

/// One shape of kind `kind` (0 to 6, the order of [`sepax::ShapeKind`]) and a random size.
fn shape(rng: &mut Mulberry32, kind: usize) -> Shape {
    let size = rng.range(0.3, 1.6);
    match kind {
        0 => Shape::circle(size).unwrap(),
        1 => Shape::aligned_box(size, rng.range(0.2, 1.2)).unwrap(),
        2 => Shape::oriented_box(size, rng.range(0.2, 1.2)).unwrap(),
        3 => polygon(rng, size),
        4 => Shape::capsule(size, rng.range(0.1, 0.6)).unwrap(),
        5 => {
            let half = Vec2::new(rng.range(-1.5, 1.5), rng.range(-1.5, 1.5));
            Shape::segment(-half, half).unwrap_or(Shape::point())
        }
        _ => Shape::point(),
    }
}

impl Run {
    /// Adds one random shape (a third of them static) and hashes its id.
    fn add_random(&mut self, hash: &mut Hasher) {
        if self.rng.below(6) == 0 {
            return self.add_lattice(hash);
        }
        let rng = &mut self.rng;
        let kind = rng.below(7);
        let is_static = rng.below(3) == 0;
        let tile = is_static && rng.below(2) == 0;
        let shape = if tile {
            Shape::aligned_box(0.5 * (1 + rng.below(3)) as f32, 0.5).unwrap()
        } else {
            shape(rng, kind)
        };
        let (x, y) = if tile {
            (
                rng.below(SIDE as usize) as f32,
                rng.below(SIDE as usize) as f32,
            )
        } else {
            (rng.range(0.0, SIDE), rng.range(0.0, SIDE))
        };
        let a = if tile { 0.0 } else { angle(rng) };
        let options = ShapeOptions {
            layer: 1 << rng.below(3),
            mask: if rng.below(4) == 0 { 0b101 } else { u32::MAX },
            is_static,
        };
        let id = self.world.add(shape, x, y, a, options).unwrap();
        hash.u32(id);
        if is_static {
            self.statics.push(id);
        } else {
            let fast = rng.below(8) == 0;
            let speed = if fast { 2.0 } else { 0.3 };
            self.movers.push(Mover {
                id,
                vx: rng.range(-speed, speed),
                vy: rng.range(-speed, speed),
                spin: if rng.below(4) == 0 {
                    0.0
                } else {
                    rng.range(-0.2, 0.2)
                },
                idle: rng.below(5) == 0,
            });
        }
    }

    /// Adds a lattice shape: on integer coordinates, unturned, with vertices on the local
    /// axes, moving (if at all) by whole units. Such shapes touch exactly, with separations
    /// of zero whose sign comes from products like `0 × −1`: the cases where two ways of
    /// taking a minimum could disagree on `-0.0` against `+0.0`.
    fn add_lattice(&mut self, hash: &mut Hasher) {
        let rng = &mut self.rng;
        let v = Vec2::new;
        let shape = match rng.below(6) {
            0 => Shape::aligned_box(0.5, 0.5).unwrap(),
            1 => Shape::oriented_box(1.0, 0.5).unwrap(),
            2 => Shape::polygon(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]).unwrap(),
            3 => Shape::polygon(&[v(0.0, -1.0), v(0.0, 1.0), v(-1.0, 0.0)]).unwrap(),
            4 => Shape::polygon(&[v(0.0, -1.0), v(1.0, 0.0), v(0.0, 1.0)]).unwrap(),
            _ => Shape::segment(v(0.0, 0.0), v(1.0, 0.0)).unwrap(),
        };
        let is_static = rng.below(2) == 0;
        let (x, y) = (
            rng.below(SIDE as usize) as f32,
            rng.below(SIDE as usize) as f32,
        );
        let options = ShapeOptions {
            is_static,
            ..ShapeOptions::default()
        };
        let id = self.world.add(shape, x, y, 0.0, options).unwrap();
        hash.u32(id);
        if is_static {
            self.statics.push(id);
        } else {
            let step = |rng: &mut Mulberry32| rng.below(3) as f32 - 1.0;
            self.movers.push(Mover {
                id,
                vx: step(rng),
                vy: step(rng),
                spin: 0.0,
                idle: rng.below(4) == 0,
            });
        }
    }

    /// One frame: motion, removals and adds, a step, and every query.
    fn frame(&mut self, frame: u32, hash: &mut Hasher) {
        self.move_shapes(frame);
        if frame % 5 == 4 {
            self.churn(hash);
        }
        let count = self.world.step().unwrap();
        hash.u32(count as u32);
        hash.u32s(self.world.pairs());
        hash.f32s(self.world.contacts());
        hash.u32s(self.world.started());
        hash.u32s(self.world.ended());
        self.queries(frame, hash);
        self.casts(frame, hash);
        self.slide(frame, hash);
    }

    /// Moves every mover that is not idle (for good, or on this frame), wrapping around the
    /// square; every 16th frame turns one static and moves it by one unit.
    fn move_shapes(&mut self, frame: u32) {
        for m in &self.movers {
            if m.idle || (frame + m.id) % 9 < 2 {
                continue;
            }
            let (x, y, a) = self.world.transform(m.id).unwrap();
            let wrap = |v: f32| {
                if v < 0.0 {
                    v + SIDE
                } else if v >= SIDE {
                    v - SIDE
                } else {
                    v
                }
            };
            let (x, y) = (wrap(x + m.vx), wrap(y + m.vy));
            self.world.set_transform(m.id, x, y, a + m.spin).unwrap();
        }
        if frame % 16 == 15 && !self.statics.is_empty() {
            let id = self.statics[self.rng.below(self.statics.len())];
            let (x, y, a) = self.world.transform(id).unwrap();
            let x = if x + 1.0 >= SIDE { x - 1.0 } else { x + 1.0 };
            self.world.set_transform(id, x, y, a + 0.5).unwrap();
        }
    }

    /// Removes three random shapes (never the player) and adds three, which take the freed
    /// ids; changes one shape's layer and mask.
    fn churn(&mut self, hash: &mut Hasher) {
        for _ in 0..3 {
            let total = self.movers.len() + self.statics.len();
            let pick = self.rng.below(total);
            let id = if pick < self.movers.len() {
                self.movers.swap_remove(pick).id
            } else {
                self.statics.swap_remove(pick - self.movers.len())
            };
            self.world.remove(id).unwrap();
        }
        for _ in 0..3 {
            self.add_random(hash);
        }
        if let Some(m) = self.movers.get(self.rng.below(self.movers.len())) {
            let layer = 1 << self.rng.below(3);
            self.world.set_layer_mask(m.id, layer, !layer).unwrap();
        }
    }

    /// Point, box and shape queries and one ray.
    fn queries(&mut self, frame: u32, hash: &mut Hasher) {
        let rng = &mut self.rng;
        let world = &mut self.world;
        let ids = &mut self.ids;
        for _ in 0..2 {
            ids.clear();
            let p = Vec2::new(rng.range(0.0, SIDE), rng.range(0.0, SIDE));
            world.query_point(p, u32::MAX, ids).unwrap();
            hash.u32s(ids);
        }
        ids.clear();
        let min = Vec2::new(rng.range(0.0, SIDE), rng.range(0.0, SIDE));
        let max = min + Vec2::new(rng.range(0.0, 8.0), rng.range(0.0, 8.0));
        world.query_aabb(min, max, 0b011, ids).unwrap();
        hash.u32s(ids);
        ids.clear();
        let probe = shape(rng, frame as usize % 7);
        let (x, y, a) = (rng.range(0.0, SIDE), rng.range(0.0, SIDE), angle(rng));
        world.query_shape(&probe, x, y, a, u32::MAX, ids).unwrap();
        hash.u32s(ids);
        let origin = Vec2::new(rng.range(0.0, SIDE), rng.range(0.0, SIDE));
        let direction = Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
        let reach = rng.range(0.0, 40.0);
        match world.raycast(origin, direction, reach, u32::MAX) {
            Ok(Some(hit)) => {
                hash.u32(hit.id);
                hash.f32s(&[hit.hit.distance, hit.hit.point.x, hit.hit.point.y]);
                hash.f32s(&[hit.hit.normal.x, hit.hit.normal.y]);
            }
            Ok(None) => hash.u32(u32::MAX),
            // A zero direction (both components drawn as 0) is refused: hashed as such.
            Err(_) => hash.u32(u32::MAX - 1),
        }
    }

    /// A batch of rays, one shape cast and a sweep of some movers.
    fn casts(&mut self, frame: u32, hash: &mut Hasher) {
        let rng = &mut self.rng;
        let mut rays = [0.0f32; 4 * 6];
        for ray in rays.chunks_exact_mut(4) {
            ray[0] = rng.range(0.0, SIDE);
            ray[1] = rng.range(0.0, SIDE);
            ray[2] = rng.range(0.1, 1.0);
            ray[3] = rng.range(-1.0, 1.0);
        }
        let count = self.world.raycast_many(&rays, 30.0, u32::MAX).unwrap();
        hash_cast_results(&self.world, count, hash);

        let probe = shape(rng, (frame as usize + 3) % 7);
        let (x, y, a) = (rng.range(0.0, SIDE), rng.range(0.0, SIDE), angle(rng));
        let delta = Vec2::new(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0));
        match self
            .world
            .cast_shape(&probe, x, y, a, delta, u32::MAX)
            .unwrap()
        {
            Some(hit) => {
                hash.u32(hit.id);
                hash.f32s(&[hit.hit.t, hit.hit.point.x, hit.hit.point.y]);
                hash.f32s(&[hit.hit.normal.x, hit.hit.normal.y]);
            }
            None => hash.u32(u32::MAX),
        }

        let start = rng.below(self.movers.len());
        let ids: Vec<u32> = (0..5)
            .map(|k| self.movers[(start + k) % self.movers.len()].id)
            .collect();
        let dxy: Vec<f32> = (0..10).map(|_| rng.range(-6.0, 6.0)).collect();
        let count = self.world.sweep(&ids, &dxy, u32::MAX).unwrap();
        hash_cast_results(&self.world, count, hash);
    }

    /// Moves the player with move-and-slide: a walk that turns every 40 frames, and
    /// gravity.
    fn slide(&mut self, frame: u32, hash: &mut Hasher) {
        let walk = if (frame / 40) % 2 == 0 { 0.7 } else { -0.7 };
        let delta = Vec2::new(walk, 0.45);
        let options = MoveOptions::default();
        let moved = self
            .world
            .move_and_slide(self.player, delta, &options)
            .unwrap();
        hash.f32s(&[moved.position.x, moved.position.y]);
        hash.u32(u32::from(moved.grounded));
        hash.u32(moved.contact_count as u32);
        hash.f32s(self.world.move_contacts());
        // Keep the player in the square: back to the middle when it wandered out.
        let (x, y, a) = self.world.transform(self.player).unwrap();
        if !(4.0..SIDE - 4.0).contains(&x) || !(4.0..SIDE - 4.0).contains(&y) {
            self.world
                .set_transform(self.player, SIDE / 2.0, 8.0, a)
                .unwrap();
        }
    }
}

/// Hashes the first `count` items of the last sweep or ray batch.
fn hash_cast_results(world: &World, count: usize, hash: &mut Hasher) {
    let results = world.cast_results();
    hash.f32s(&results.t[..count]);
    hash.u32s(&results.ids[..count]);
    hash.f32s(&results.normals[..2 * count]);
    hash.f32s(&results.points[..2 * count]);
}
