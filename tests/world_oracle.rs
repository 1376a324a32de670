//! The world's pipeline (hashed grid + static tree + narrow phase + sorting + events)
//! must equal an O(n²) brute force at every step of seeded moving scenes with adds and
//! removes.
//!
//! The oracle calls the same exact narrow-phase function on every pair, with the pose the
//! world documents (`Transform::from_xy_angle` of the stored transform), so pairs and
//! contacts must be *bit-identical*: any difference is a broad-phase miss, a duplicate, a
//! filtering slip, a sorting error or a stale pose. Started and ended are checked against
//! set differences over shape *identities* (not ids), so a reused id must end and restart
//! its pairs.

mod common;

use common::rng::Mulberry32;
use sepax::math::Vec2;
use sepax::narrow_phase::manifold;
use sepax::{ConcavePolygon, Contact, Shape, ShapeOptions, Transform, World, WorldOptions};
use std::collections::{BTreeMap, BTreeSet};

/// The convex hull of `points` (common's `f64` monotone chain), as `f32` vertices.
fn convex_hull(points: Vec<Vec2>) -> Vec<Vec2> {
    let points = points
        .iter()
        .map(|p| [f64::from(p.x), f64::from(p.y)])
        .collect();
    common::convex_hull(points)
        .into_iter()
        .map(|[x, y]| Vec2::new(x as f32, y as f32))
        .collect()
}

fn random_shape(rng: &mut Mulberry32, size: f32) -> Shape {
    let s = size;
    match rng.below(7) {
        0 => Shape::circle(rng.range(0.3, 1.0) * s).unwrap(),
        1 => Shape::aligned_box(rng.range(0.3, 1.0) * s, rng.range(0.3, 1.0) * s).unwrap(),
        2 => Shape::oriented_box(rng.range(0.3, 1.0) * s, rng.range(0.1, 1.0) * s).unwrap(),
        3 => {
            let n = 3 + rng.below(8);
            let points: Vec<Vec2> = (0..n)
                .map(|k| {
                    let a = (k as f32 + rng.range(-0.25, 0.25)) * core::f32::consts::TAU / n as f32;
                    let r = s * rng.range(0.8, 1.0);
                    Vec2::new(r * a.cos(), r * a.sin())
                })
                .collect();
            Shape::polygon(&convex_hull(points)).unwrap()
        }
        4 => Shape::capsule(rng.range(0.2, 1.0) * s, rng.range(0.2, 0.6) * s).unwrap(),
        5 => Shape::segment(
            Vec2::new(rng.range(-s, s), rng.range(-s, s)),
            Vec2::new(rng.range(-s, s) + s * 0.1, rng.range(-s, s)),
        )
        .unwrap(),
        _ => Shape::point(),
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Layout {
    Uniform,
    Clustered,
    BigStatics,
    OneLine,
}

struct Body {
    identity: u64,
    vx: f32,
    vy: f32,
    spin: f32,
}

struct Scene {
    world: World,
    bodies: BTreeMap<u32, Body>,
    next_identity: u64,
    layout: Layout,
    extent: f32,
    /// A quarter of the shapes added are concave outlines.
    concaves: bool,
}

impl Scene {
    fn spawn_position(&self, rng: &mut Mulberry32) -> (f32, f32) {
        let w = self.extent;
        match self.layout {
            Layout::Uniform | Layout::BigStatics => (rng.range(0.0, w), rng.range(0.0, w)),
            Layout::Clustered => {
                let c = rng.below(4) as f32;
                (
                    c * w * 0.3 + rng.range(0.0, w * 0.05),
                    rng.range(0.0, w * 0.05),
                )
            }
            Layout::OneLine => (rng.range(0.0, w * 4.0), 10.0),
        }
    }

    fn add_random(&mut self, rng: &mut Mulberry32, is_static: bool) {
        let size = match (self.layout, is_static) {
            (Layout::BigStatics, true) => rng.range(20.0, 60.0),
            (Layout::BigStatics, false) if rng.below(10) == 0 => rng.range(0.01, 0.1),
            _ => rng.range(1.0, 4.0),
        };
        let concave = (self.concaves && rng.below(4) == 0).then(|| random_concave(rng, size));
        let shape = random_shape(rng, size);
        let (x, y) = self.spawn_position(rng);
        // A few layers so that filtering is exercised.
        let layer = 1 << rng.below(3);
        let mask = if rng.below(5) == 0 { !layer } else { u32::MAX };
        let options = ShapeOptions {
            layer,
            mask,
            is_static,
        };
        let angle = rng.range(-3.0, 3.0);
        let id = match concave {
            Some(c) => self.world.add_concave(c, x, y, angle, options).unwrap(),
            None => self.world.add(shape, x, y, angle, options).unwrap(),
        };
        let body = Body {
            identity: self.next_identity,
            vx: if is_static { 0.0 } else { rng.range(-0.5, 0.5) },
            vy: if is_static { 0.0 } else { rng.range(-0.5, 0.5) },
            spin: if is_static {
                0.0
            } else {
                rng.range(-0.05, 0.05)
            },
        };
        self.next_identity += 1;
        assert!(
            self.bodies.insert(id, body).is_none(),
            "id {id} issued twice"
        );
    }
}

type PairSet = BTreeSet<(u64, u64)>;

/// All touching pairs by brute force: (id pairs with contacts, identity pairs).
fn brute_force(scene: &Scene) -> (Vec<(u32, u32, [f32; 3])>, PairSet) {
    let world = &scene.world;
    let ids: Vec<u32> = scene.bodies.keys().copied().collect();
    let mut pairs = Vec::new();
    let mut identities = PairSet::new();
    for (a, b, c) in common::brute_force_pairs(world, &ids) {
        pairs.push((a, b, [c.normal.x, c.normal.y, c.depth]));
        identities.insert((scene.bodies[&a].identity, scene.bodies[&b].identity));
    }
    (pairs, identities)
}

fn identity_pairs(flat: &[u32], identity_of: &BTreeMap<u32, u64>) -> PairSet {
    flat.chunks_exact(2)
        .map(|p| (identity_of[&p[0]], identity_of[&p[1]]))
        .collect()
}

/// `reorder_interval`: how often the world puts its rows in spatial order (None = the
/// default). Results must not depend on it.
fn run(layout: Layout, seed: u32, count: usize, steps: usize, reorder_interval: Option<u32>) {
    run_scene(layout, seed, count, steps, reorder_interval, false);
}

/// A concave outline about `size` across: a random star-shaped one, a regular star or a
/// comb.
fn random_concave(rng: &mut Mulberry32, size: f32) -> ConcavePolygon {
    let points = match rng.below(3) {
        0 => {
            let n = 5 + rng.below(40);
            common::outlines::radial(rng, n, size * 1.5)
        }
        1 => common::outlines::star(3 + rng.below(8), size * 0.5, size * 1.5),
        _ => common::outlines::comb(2 + rng.below(4), rng.range(1.0, 3.0))
            .iter()
            .map(|&p| p * (size * 0.4))
            .collect(),
    };
    ConcavePolygon::new(&points).unwrap()
}

/// [`run`], with a quarter of the shapes concave when `concaves` is set.
fn run_scene(
    layout: Layout,
    seed: u32,
    count: usize,
    steps: usize,
    reorder_interval: Option<u32>,
    concaves: bool,
) {
    let mut rng = Mulberry32::new(seed);
    // Concave scenes with contact points: those of the deepest part pair.
    let mut world = World::with_options(WorldOptions {
        contact_points: concaves,
        ..WorldOptions::default()
    });
    if let Some(steps) = reorder_interval {
        world.set_reorder_interval(steps);
    }
    let mut scene = Scene {
        world,
        bodies: BTreeMap::new(),
        next_identity: 0,
        layout,
        extent: (count as f32).sqrt() * 3.0,
        concaves,
    };
    let statics = match layout {
        Layout::BigStatics => 8,
        _ => count / 20,
    };
    for _ in 0..statics {
        scene.add_random(&mut rng, true);
    }
    for _ in 0..count {
        scene.add_random(&mut rng, false);
    }

    // Identity of every id at the previous step, to name the pairs it reported.
    let mut previous_identities: PairSet = PairSet::new();
    let mut identity_before: BTreeMap<u32, u64> = BTreeMap::new();
    let mut total_pairs = 0usize;
    let mut total_events = 0usize;
    let mut total_concave_pairs = 0usize;
    for step in 0..steps {
        // Remove a few, add a few (ids get reused), move everyone.
        let ids: Vec<u32> = scene.bodies.keys().copied().collect();
        for _ in 0..(count / 50).max(1) {
            let id = ids[rng.below(ids.len())];
            if scene.bodies.contains_key(&id) {
                scene.world.remove(id).unwrap();
                scene.bodies.remove(&id);
            }
        }
        for _ in 0..(count / 50).max(1) {
            let is_static = rng.below(10) == 0;
            scene.add_random(&mut rng, is_static);
        }
        // Move dynamic bodies, half through set_transforms and half through the columns.
        let (mut batch_ids, mut batch_xya) = (Vec::new(), Vec::new());
        let mut direct = Vec::new();
        for (&id, body) in &scene.bodies {
            if scene.world.is_static(id).unwrap() {
                continue;
            }
            let (x, y, a) = scene.world.transform(id).unwrap();
            let t = (x + body.vx, y + body.vy, a + body.spin);
            if id % 2 == 0 {
                batch_ids.push(id);
                batch_xya.extend([t.0, t.1, t.2]);
            } else {
                direct.push((id, t));
            }
        }
        scene.world.set_transforms(&batch_ids, &batch_xya).unwrap();
        for (id, (x, y, a)) in direct {
            scene.world.xs_mut()[id as usize] = x;
            scene.world.ys_mut()[id as usize] = y;
            scene.world.angles_mut()[id as usize] = a;
        }
        // Occasionally move a static shape.
        if step % 3 == 1 {
            if let Some((&id, _)) = scene
                .bodies
                .iter()
                .find(|(&id, _)| scene.world.is_static(id).unwrap())
            {
                let (x, y, a) = scene.world.transform(id).unwrap();
                scene
                    .world
                    .set_transform(id, x + 1.5, y - 0.5, a + 0.1)
                    .unwrap();
            }
        }

        let count_reported = scene.world.step().unwrap();
        scene.world.validate().unwrap();
        let (want, want_identities) = brute_force(&scene);
        let got: Vec<(u32, u32, [f32; 3])> = scene
            .world
            .pairs()
            .chunks_exact(2)
            .zip(scene.world.contacts().chunks_exact(3))
            .map(|(p, c)| (p[0], p[1], [c[0], c[1], c[2]]))
            .collect();
        assert_eq!(count_reported, want.len());
        if got != want {
            let g: BTreeSet<(u32, u32)> = got.iter().map(|p| (p.0, p.1)).collect();
            let w: BTreeSet<(u32, u32)> = want.iter().map(|p| (p.0, p.1)).collect();
            panic!(
                "{layout:?} seed {seed} step {step}: missing {:?}, extra {:?}, contact diffs {}",
                w.difference(&g).take(5).collect::<Vec<_>>(),
                g.difference(&w).take(5).collect::<Vec<_>>(),
                got.iter().zip(&want).filter(|(a, b)| a != b).count()
            );
        }

        if concaves {
            assert_eq!(
                bits(scene.world.contact_points()),
                bits(&expected_part_contact_points(&scene.world)),
                "{layout:?} seed {seed} step {step}: contact points of the deepest part pairs"
            );
        }

        let identity_now: BTreeMap<u32, u64> = scene
            .bodies
            .iter()
            .map(|(&id, b)| (id, b.identity))
            .collect();
        let started = identity_pairs(scene.world.started(), &identity_now);
        // Ended pairs are pairs of the previous step: name them by the identities of then.
        let ended = identity_pairs(scene.world.ended(), &identity_before);
        let want_started: PairSet = want_identities
            .difference(&previous_identities)
            .copied()
            .collect();
        let want_ended: PairSet = previous_identities
            .difference(&want_identities)
            .copied()
            .collect();
        assert_eq!(
            started, want_started,
            "{layout:?} seed {seed} step {step}: started"
        );
        assert_eq!(
            ended, want_ended,
            "{layout:?} seed {seed} step {step}: ended"
        );
        for list in [scene.world.started(), scene.world.ended()] {
            let keys: Vec<(u32, u32)> = list.chunks_exact(2).map(|p| (p[0], p[1])).collect();
            assert!(
                keys.windows(2).all(|w| w[0] < w[1]),
                "events sorted and unique"
            );
            assert!(keys.iter().all(|p| p.0 < p.1));
        }
        total_pairs += want.len();
        let is_concave = |id: u32| scene.world.concave(id).unwrap().is_some();
        total_concave_pairs += want
            .iter()
            .filter(|p| is_concave(p.0) || is_concave(p.1))
            .count();
        total_events += started.len() + ended.len();
        previous_identities = want_identities;
        identity_before = identity_now;
    }
    // The comparison means something only if the scenes really collide and change.
    assert!(
        total_pairs > steps * 10,
        "{layout:?}: only {total_pairs} pairs in {steps} steps"
    );
    assert!(
        total_events > steps,
        "{layout:?}: only {total_events} events in {steps} steps"
    );
    if concaves {
        assert!(
            total_concave_pairs > steps * 10,
            "{layout:?}: only {total_concave_pairs} concave pairs in {steps} steps"
        );
    }
    eprintln!(
        "{layout:?} seed {seed}: {total_pairs} pairs ({total_concave_pairs} with a concave \
         shape), {total_events} events over {steps} steps"
    );
}

#[test]
fn concave_scenes_equal_brute_force_over_the_parts() {
    for (layout, seed) in [
        (Layout::Uniform, 31),
        (Layout::Clustered, 32),
        (Layout::BigStatics, 33),
    ] {
        run_scene(layout, seed, 300, 30, None, true);
    }
    run_scene(Layout::Uniform, 34, 300, 30, Some(3), true);
}

#[test]
fn uniform_scene_equals_brute_force() {
    // Reordering every step, every 4th, never, and by default (only the first step within
    // 25): the same pairs and contacts whatever the rows.
    for (seed, reorder) in [(1, Some(1)), (2, Some(4)), (3, Some(0)), (10, None)] {
        run(Layout::Uniform, seed, 300, 25, reorder);
    }
}

#[test]
fn clustered_scene_equals_brute_force() {
    for (seed, reorder) in [(4, Some(1)), (5, None)] {
        run(Layout::Clustered, seed, 300, 25, reorder);
    }
}

#[test]
fn big_statics_scene_equals_brute_force() {
    for (seed, reorder) in [(6, Some(1)), (7, None)] {
        run(Layout::BigStatics, seed, 300, 25, reorder);
    }
}

#[test]
fn one_line_scene_equals_brute_force() {
    for (seed, reorder) in [(8, Some(1)), (9, None)] {
        run(Layout::OneLine, seed, 300, 25, reorder);
    }
}

// ----- idle shapes: long sequences where random subsets move -------------------------

/// Which moving shapes a step writes new transforms for.
#[derive(Clone, Copy, Debug)]
enum Motion {
    /// Every moving shape.
    All,
    /// None at all.
    None,
    /// Each shape with this chance per step, drawn anew every step (shapes rest and wake
    /// all the time).
    Random(f32),
    /// A fixed subset of this share, drawn when the phase begins (the rest falls asleep).
    Fixed(f32),
    /// All on even steps, none on odd ones.
    Flicker,
}

/// One scene run in two worlds: `scene.world` lets idle shapes rest (the default), `full`
/// re-tests everything at every step. Every operation goes to both.
struct Twin {
    scene: Scene,
    full: World,
}

impl Twin {
    fn add_random(&mut self, rng: &mut Mulberry32, is_static: bool) {
        let before = self.scene.world.slot_count();
        self.scene.add_random(rng, is_static);
        // The newest body is the one just added: replay it in the full world.
        let (&id, _) = self
            .scene
            .bodies
            .iter()
            .max_by_key(|(_, b)| b.identity)
            .unwrap();
        let world = &self.scene.world;
        let (x, y, a) = world.transform(id).unwrap();
        let (layer, mask) = world.layer_mask(id).unwrap();
        let options = ShapeOptions {
            layer,
            mask,
            is_static,
        };
        let shape = world.shape(id).unwrap().clone();
        let twin_id = self.full.add(shape, x, y, a, options).unwrap();
        assert_eq!(twin_id, id, "both worlds issue the same ids");
        assert!(self.scene.world.slot_count() >= before);
    }

    fn remove(&mut self, id: u32) {
        self.scene.world.remove(id).unwrap();
        self.full.remove(id).unwrap();
        self.scene.bodies.remove(&id);
    }

    fn set_transform(&mut self, id: u32, t: (f32, f32, f32)) {
        self.scene.world.set_transform(id, t.0, t.1, t.2).unwrap();
        self.full.set_transform(id, t.0, t.1, t.2).unwrap();
    }

    fn set_transforms(&mut self, ids: &[u32], xya: &[f32]) {
        self.scene.world.set_transforms(ids, xya).unwrap();
        self.full.set_transforms(ids, xya).unwrap();
    }

    fn write_columns(&mut self, id: u32, t: (f32, f32, f32)) {
        for world in [&mut self.scene.world, &mut self.full] {
            let s = id as usize;
            world.xs_mut()[s] = t.0;
            world.ys_mut()[s] = t.1;
            world.angles_mut()[s] = t.2;
        }
    }

    fn set_layer_mask(&mut self, id: u32, layer: u32, mask: u32) {
        self.scene.world.set_layer_mask(id, layer, mask).unwrap();
        self.full.set_layer_mask(id, layer, mask).unwrap();
    }

    fn touch_statics(&mut self) {
        self.scene.world.touch_statics();
        self.full.touch_statics();
    }
}

/// The next transform of a moving body, bouncing off the scene's square.
fn advance_body(world: &World, id: u32, body: &mut Body, extent: f32) -> (f32, f32, f32) {
    let (x, y, a) = world.transform(id).unwrap();
    let (mut nx, mut ny) = (x + body.vx, y + body.vy);
    if !(0.0..=extent).contains(&nx) {
        body.vx = -body.vx;
        nx = x + body.vx;
    }
    if !(0.0..=extent).contains(&ny) {
        body.vy = -body.vy;
        ny = y + body.vy;
    }
    (nx, ny, a + body.spin)
}

/// The contact points of the world's pairs, each from `manifold` on the pair's shapes, the
/// poses the world documents and the pair's contact: what `contact_points()` must hold.
fn expected_contact_points(world: &World) -> Vec<f32> {
    let pose = |id: u32| {
        let (x, y, a) = world.transform(id).unwrap();
        Transform::from_xy_angle(x, y, a)
    };
    let contacts = world.contacts().chunks_exact(3);
    let mut out = Vec::new();
    for (p, c) in world.pairs().chunks_exact(2).zip(contacts) {
        let contact = Contact {
            normal: Vec2::new(c[0], c[1]),
            depth: c[2],
        };
        let (a, b) = (world.shape(p[0]).unwrap(), world.shape(p[1]).unwrap());
        out.extend(manifold(a, &pose(p[0]), b, &pose(p[1]), &contact).to_array());
    }
    out
}

/// [`expected_contact_points`] for worlds with concave shapes: `manifold` on the deepest
/// part pair of each pair, found by brute force over every part pair.
fn expected_part_contact_points(world: &World) -> Vec<f32> {
    let pose = |id: u32| {
        let (x, y, a) = world.transform(id).unwrap();
        Transform::from_xy_angle(x, y, a)
    };
    let mut out = Vec::new();
    for p in world.pairs().chunks_exact(2) {
        let (pa, pb) = (pose(p[0]), pose(p[1]));
        let (sa, sb) = (world.shape(p[0]).unwrap(), world.shape(p[1]).unwrap());
        let (contact, part_a, part_b) =
            common::deepest_parts(world, (p[0], sa, &pa), (p[1], sb, &pb)).unwrap();
        out.extend(manifold(&part_a, &pa, &part_b, &pb, &contact).to_array());
    }
    out
}

fn bits(values: &[f32]) -> Vec<u32> {
    values.iter().map(|v| v.to_bits()).collect()
}

/// Runs `phases` of motion on a scene of `count` moving shapes (and some statics), with
/// removals and re-adds, static moves, layer changes and same-value writes, and checks at
/// every step: the resting world against brute force (pairs, contacts, started, ended) and
/// against the full world (the same bits), and a few box queries. Returns the most shapes
/// that rested at once and the number of steps in which some resting shape woke.
fn run_idle(layout: Layout, seed: u32, count: usize, phases: &[(Motion, usize)]) -> (usize, usize) {
    let mut rng = Mulberry32::new(seed);
    // Odd seeds with contact points, which carried pairs must carry too.
    let options = WorldOptions {
        contact_points: seed % 2 == 1,
        ..WorldOptions::default()
    };
    let mut world = World::with_options(options);
    world.set_reorder_interval(1 + seed % 9);
    let mut full = World::with_options(options);
    full.set_resting(false);
    full.set_reorder_interval(5);
    let mut twin = Twin {
        scene: Scene {
            world,
            bodies: BTreeMap::new(),
            next_identity: 0,
            layout,
            extent: (count as f32).sqrt() * 3.0,
            concaves: false,
        },
        full,
    };
    let statics = if layout == Layout::BigStatics {
        8
    } else {
        count / 20
    };
    for _ in 0..statics {
        twin.add_random(&mut rng, true);
    }
    for _ in 0..count {
        twin.add_random(&mut rng, false);
    }
    let extent = twin.scene.extent;

    let mut previous_identities = PairSet::new();
    let mut identity_before: BTreeMap<u32, u64> = BTreeMap::new();
    let (mut most_resting, mut wake_steps, mut last_resting) = (0, 0, 0);
    let (mut total_pairs, mut step) = (0usize, 0usize);
    // A static was written through the columns and not touched yet.
    let mut unobserved = false;
    for &(motion, length) in phases {
        // Now and then a phase of full steps in the resting world too: switching must not
        // change a result either way.
        twin.scene.world.set_resting(rng.below(6) != 0);
        let fixed: BTreeSet<u32> = match motion {
            Motion::Fixed(share) => twin
                .scene
                .bodies
                .keys()
                .copied()
                .filter(|_| rng.f32() < share)
                .collect(),
            _ => BTreeSet::new(),
        };
        for _ in 0..length {
            // Churn on some steps: a few removed, a few added (ids reused).
            if rng.below(4) == 0 {
                let ids: Vec<u32> = twin.scene.bodies.keys().copied().collect();
                for _ in 0..1 + rng.below(3) {
                    let id = ids[rng.below(ids.len())];
                    if twin.scene.bodies.contains_key(&id) {
                        twin.remove(id);
                    }
                }
                for _ in 0..1 + rng.below(3) {
                    let is_static = rng.below(8) == 0;
                    twin.add_random(&mut rng, is_static);
                }
            }
            let moving: Vec<u32> = twin
                .scene
                .bodies
                .keys()
                .copied()
                .filter(|&id| !twin.scene.world.is_static(id).unwrap())
                .collect();
            let (mut batch_ids, mut batch_xya) = (Vec::new(), Vec::new());
            for &id in &moving {
                let moves = match motion {
                    Motion::All => true,
                    Motion::None => false,
                    Motion::Random(p) => rng.f32() < p,
                    Motion::Fixed(_) => fixed.contains(&id),
                    Motion::Flicker => step % 2 == 0,
                };
                let t = if moves {
                    let body = twin.scene.bodies.get_mut(&id).unwrap();
                    advance_body(&twin.scene.world, id, body, extent)
                } else if rng.below(50) == 0 {
                    // The same value written again: no change.
                    twin.scene.world.transform(id).unwrap()
                } else {
                    continue;
                };
                match rng.below(3) {
                    0 => twin.set_transform(id, t),
                    1 => {
                        batch_ids.push(id);
                        batch_xya.extend([t.0, t.1, t.2]);
                    }
                    _ => twin.write_columns(id, t),
                }
            }
            twin.set_transforms(&batch_ids, &batch_xya);
            // A shape nudged and put back before the step: no change either.
            if let Some(&id) = moving.get(rng.below(moving.len().max(1))) {
                let t = twin.scene.world.transform(id).unwrap();
                twin.write_columns(id, (t.0 + 1.0, t.1, t.2));
                twin.set_transform(id, t);
            }
            let statics: Vec<u32> = twin
                .scene
                .bodies
                .keys()
                .copied()
                .filter(|&id| twin.scene.world.is_static(id).unwrap())
                .collect();
            if !statics.is_empty() && rng.below(6) == 0 {
                let id = statics[rng.below(statics.len())];
                let (x, y, a) = twin.scene.world.transform(id).unwrap();
                match rng.below(4) {
                    0 => twin.set_transform(id, (x + rng.range(-2.0, 2.0), y + 1.0, a + 0.1)),
                    1 => {
                        twin.write_columns(id, (x - 1.0, y + rng.range(-2.0, 2.0), a));
                        twin.touch_statics();
                    }
                    // Written where the world cannot see it: a full step ignores it until
                    // the statics are touched (below), and so must the resting world.
                    2 => {
                        twin.write_columns(id, (x + 1.0, y - 1.0, a + 0.2));
                        unobserved = true;
                    }
                    // Statics dirty, but nothing moved.
                    _ => twin.set_transform(id, (x, y, a)),
                }
            }
            if unobserved && rng.below(4) == 0 {
                twin.touch_statics();
                unobserved = false;
            }
            if rng.below(5) == 0 {
                let ids: Vec<u32> = twin.scene.bodies.keys().copied().collect();
                let id = ids[rng.below(ids.len())];
                let (layer, mask) = if rng.below(3) == 0 {
                    twin.scene.world.layer_mask(id).unwrap()
                } else {
                    (
                        1 << rng.below(3),
                        if rng.below(2) == 0 { u32::MAX } else { 5 },
                    )
                };
                twin.set_layer_mask(id, layer, mask);
            }

            let count_reported = twin.scene.world.step().unwrap();
            twin.full.step().unwrap();
            let (world, full) = (&twin.scene.world, &twin.full);
            world.validate().unwrap();
            full.validate().unwrap();
            assert_eq!(full.resting_count(), 0);
            // The same bits as the full world.
            assert_eq!(
                world.pairs(),
                full.pairs(),
                "seed {seed} step {step}: pairs"
            );
            assert_eq!(
                bits(world.contacts()),
                bits(full.contacts()),
                "seed {seed} step {step}: contacts"
            );
            assert_eq!(
                bits(world.contact_points()),
                bits(full.contact_points()),
                "seed {seed} step {step}: contact points"
            );
            assert_eq!(world.started(), full.started(), "seed {seed} step {step}");
            assert_eq!(world.ended(), full.ended(), "seed {seed} step {step}");
            let identity_now: BTreeMap<u32, u64> = twin
                .scene
                .bodies
                .iter()
                .map(|(&id, b)| (id, b.identity))
                .collect();
            if unobserved {
                // The oracle reads the columns, which the worlds do not yet: only the
                // comparison with the full world holds.
                previous_identities = identity_pairs(world.pairs(), &identity_now);
                identity_before = identity_now;
                step += 1;
                continue;
            }
            // The oracle.
            let (want, want_identities) = brute_force(&twin.scene);
            let got: Vec<(u32, u32, [f32; 3])> = world
                .pairs()
                .chunks_exact(2)
                .zip(world.contacts().chunks_exact(3))
                .map(|(p, c)| (p[0], p[1], [c[0], c[1], c[2]]))
                .collect();
            assert_eq!(count_reported, want.len());
            assert!(
                got == want,
                "seed {seed} step {step} ({motion:?}): pairs differ"
            );
            if options.contact_points {
                assert_eq!(
                    bits(world.contact_points()),
                    bits(&expected_contact_points(world)),
                    "seed {seed} step {step}: contact points differ from manifold()"
                );
            }
            let started = identity_pairs(world.started(), &identity_now);
            let ended = identity_pairs(world.ended(), &identity_before);
            let want_started: PairSet = want_identities
                .difference(&previous_identities)
                .copied()
                .collect();
            let want_ended: PairSet = previous_identities
                .difference(&want_identities)
                .copied()
                .collect();
            assert_eq!(started, want_started, "seed {seed} step {step}: started");
            assert_eq!(ended, want_ended, "seed {seed} step {step}: ended");
            // Queries see resting shapes too.
            for _ in 0..3 {
                let (x, y) = (rng.range(0.0, extent), rng.range(0.0, extent));
                let (min, max) = (Vec2::new(x, y), Vec2::new(x + 6.0, y + 4.0));
                let (mut a, mut b) = (Vec::new(), Vec::new());
                twin.scene
                    .world
                    .query_aabb(min, max, u32::MAX, &mut a)
                    .unwrap();
                twin.full.query_aabb(min, max, u32::MAX, &mut b).unwrap();
                assert_eq!(a, b, "seed {seed} step {step}: query");
            }

            let resting = twin.scene.world.resting_count();
            most_resting = most_resting.max(resting);
            if resting < last_resting {
                wake_steps += 1;
            }
            last_resting = resting;
            total_pairs += want.len();
            previous_identities = want_identities;
            identity_before = identity_now;
            step += 1;
        }
    }
    assert!(
        total_pairs > step * 10,
        "only {total_pairs} pairs in {step} steps"
    );
    eprintln!(
        "idle seed {seed}: {step} steps, {total_pairs} pairs, at most {most_resting} resting, \
         {wake_steps} steps with wakes"
    );
    (most_resting, wake_steps)
}

#[test]
fn idle_shapes_rest_and_wake_and_equal_brute_force() {
    use Motion::*;
    let phases = [
        (All, 10),
        (Random(0.1), 40),
        (None, 30),
        (Random(0.01), 40),
        (Fixed(0.1), 40),
        (All, 5),
        (Fixed(0.01), 40),
        (Flicker, 20),
        (None, 25),
        (Random(0.1), 30),
        (Fixed(0.1), 30),
        (All, 20),
        (None, 20),
        (Random(0.01), 30),
    ];
    for seed in [21, 22, 23] {
        let (most_resting, wake_steps) = run_idle(Layout::Uniform, seed, 250, &phases);
        assert!(
            most_resting > 150,
            "seed {seed}: at most {most_resting} rested"
        );
        assert!(wake_steps > 20, "seed {seed}: wakes in {wake_steps} steps");
    }
}

#[test]
fn idle_shapes_in_random_phases_equal_brute_force() {
    // Phases drawn at random: any order of moving shares, long and short.
    for seed in [31, 32] {
        let mut rng = Mulberry32::new(seed);
        let phases: Vec<(Motion, usize)> = (0..16)
            .map(|_| {
                let motion = match rng.below(7) {
                    0 => Motion::All,
                    1 => Motion::None,
                    2 => Motion::Random(0.1),
                    3 => Motion::Random(0.01),
                    4 => Motion::Fixed(0.1),
                    5 => Motion::Fixed(0.01),
                    _ => Motion::Flicker,
                };
                (motion, 1 + rng.below(30))
            })
            .collect();
        run_idle(Layout::Uniform, seed, 200, &phases);
    }
}

#[test]
fn idle_shapes_among_big_statics_and_in_clusters_equal_brute_force() {
    use Motion::*;
    let phases = [
        (All, 5),
        (None, 20),
        (Fixed(0.1), 30),
        (Random(0.01), 30),
        (Flicker, 10),
        (Random(0.1), 30),
        (None, 20),
    ];
    run_idle(Layout::BigStatics, 41, 250, &phases);
    run_idle(Layout::Clustered, 42, 250, &phases);
}

#[test]
fn resting_shapes_are_not_tested_again() {
    // Counts the work instead of timing it: once a scene stands still, a step tests no
    // candidate and carries every pair; a written same value changes nothing; one shape
    // that moves wakes alone and brings only its own candidates.
    let mut rng = Mulberry32::new(77);
    let mut world = World::new();
    let side = 30usize;
    let mut ids = Vec::new();
    for i in 0..side * side {
        let (x, y) = ((i % side) as f32 * 2.5, (i / side) as f32 * 2.5);
        let shape = random_shape(&mut rng, 1.6);
        let options = ShapeOptions {
            is_static: i % 50 == 0,
            ..ShapeOptions::default()
        };
        ids.push(
            world
                .add(shape, x, y, rng.range(-3.0, 3.0), options)
                .unwrap(),
        );
    }
    let (_, first) = world.step_timed(|| 0.0).unwrap();
    assert!(first.candidates > 500, "{}", first.candidates);
    let pairs = world.pairs().to_vec();
    assert!(pairs.len() / 2 > 50, "{} pairs", pairs.len() / 2);
    let contacts = bits(world.contacts());
    let mut steps = 0;
    while world.resting_count() < world.len() - side * side / 50 {
        world.step().unwrap();
        steps += 1;
        assert!(steps < 64, "the resting grid was never built");
    }
    let (count, times) = world.step_timed(|| 0.0).unwrap();
    assert_eq!(times.candidates, 0);
    assert_eq!(count, pairs.len() / 2);
    assert_eq!(world.pairs(), pairs);
    assert_eq!(bits(world.contacts()), contacts);
    assert!(world.started().is_empty() && world.ended().is_empty());
    // The same value written back, through the setter and the columns: still nothing.
    let id = ids[1];
    let (x, y, a) = world.transform(id).unwrap();
    world.set_transform(id, x, y, a).unwrap();
    world.xs_mut()[ids[2] as usize] += 0.0;
    let (_, times) = world.step_timed(|| 0.0).unwrap();
    assert_eq!(times.candidates, 0);
    let resting = world.resting_count();
    // One shape moves: it alone wakes, and only its neighbours are candidates.
    world.set_transform(id, x + 0.5, y, a).unwrap();
    let (_, times) = world.step_timed(|| 0.0).unwrap();
    assert_eq!(world.resting_count(), resting - 1);
    assert!(
        times.candidates > 0 && times.candidates < 20,
        "{}",
        times.candidates
    );
    world.validate().unwrap();
}
