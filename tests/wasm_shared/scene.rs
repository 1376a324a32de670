//! `addShapes` and `shapeRecord` through the raw binding, in the flat encoding documented in
//! `src/wasm/scene.rs`: a kind number per record (the convex kinds, 7 a concave polygon, 8 a
//! chain; tile grids are the subject of the JS tests), nine numbers `x, y, angle, a, b, c, d,
//! upX, upY`, four words `layer, mask, flags, pointCount` (flags: 1 static, 2 loop, 4
//! one-way), and the records' points one after the other. Every kind round-trips exactly, a
//! world built from the records steps like the original, and a bad record is named by its
//! index, adding nothing.

use super::*;
use sepax::wasm::scene::{FLAG_LOOP, FLAG_STATIC, KIND_CHAIN, KIND_CONCAVE};

/// A list of records, as the entry's `readScene` flattens them.
#[derive(Debug, Default)]
struct Records {
    kinds: Vec<u8>,
    numbers: Vec<f32>,
    words: Vec<u32>,
    points: Vec<f32>,
}

impl Records {
    /// Appends one record.
    fn push(&mut self, kind: u8, numbers: [f32; 7], words: [u32; 3], points: &[f32]) {
        self.push_one_way(kind, numbers, words, points, [0.0; 2]);
    }

    /// Appends one record with the one-way direction `up` (read when its flags say one-way).
    fn push_one_way(
        &mut self,
        kind: u8,
        numbers: [f32; 7],
        words: [u32; 3],
        points: &[f32],
        up: [f32; 2],
    ) {
        self.kinds.push(kind);
        self.numbers.extend(numbers);
        self.numbers.extend(up);
        self.words.extend(words);
        self.words.push(points.len() as u32);
        self.points.extend(points);
    }

    /// Appends the record of shape `id` of `w`, read as the entry's `shape(id)` reads it:
    /// `io[0]` the kind, `io[1..8]` the numbers, `io[8..11]` the words, `io[11..13]` the
    /// one-way direction, the points in the floats.
    fn push_shape(&mut self, w: &mut RawWorld, id: u32) {
        let count = w.shape_record(id);
        assert_ne!(count, FAILED, "{}", w.take_error());
        let r = io(w);
        let numbers: [f32; 7] = core::array::from_fn(|k| r[1 + k] as f32);
        let up = [r[11] as f32, r[12] as f32];
        let points = floats(w, count);
        let words = [r[8] as u32, r[9] as u32, r[10] as u32];
        self.push_one_way(r[0] as u8, numbers, words, &points, up);
    }

    /// Everything, numbers as bits (a `-0` must come back as `-0`).
    fn bits(&self) -> (Vec<u8>, Vec<u32>, Vec<u32>, Vec<u32>) {
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect();
        let (numbers, points) = (bits(&self.numbers), bits(&self.points));
        (self.kinds.clone(), numbers, self.words.clone(), points)
    }

    /// `addShapes` of these records; their ids, or the sentinel.
    fn add_to(&self, w: &mut RawWorld) -> Result<Vec<u32>, u32> {
        match w.add_shapes(
            &self.kinds,
            &self.numbers,
            &self.words,
            &self.points,
            &[],
            &[],
        ) {
            FAILED => Err(FAILED),
            count => Ok(ids(w, count)),
        }
    }
}

/// A U as `x, y` pairs.
const CUP: [f32; 16] = [
    0.0, 0.0, 1.0, 0.0, 1.0, 3.0, 3.0, 3.0, 3.0, 0.0, 4.0, 0.0, 4.0, 4.0, 0.0, 4.0,
];

#[wasm_bindgen_test]
fn every_kind_round_trips_and_steps_the_same() {
    let mut w = world();
    let shapes: Vec<(u32, Shape)> = (0..14)
        .map(|i| {
            let (x, y) = ((i % 5) as f32 * 1.1, (i / 5) as f32 * 1.3);
            let (id, shape, _) = add_kind(&mut w, i, x, y, 0.2 * i as f32);
            (id, shape)
        })
        .collect();
    let cup = w.add_concave(2.0, -1.0, 0.5, &CUP, LAYER, ALL, false);
    let hills = [-3.0, 5.0, 0.0, 4.0, 3.0, 5.0, 6.0, 3.5];
    let ground = w.add_chain(&hills, false, LAYER, ALL, true);
    let ring = w.add_chain(&CUP, true, 4, 6, true);
    assert!(w.set_layer_mask(3, 2, 3));
    assert!(w.set_transform(ground, 0.5, 0.25, -0.0));
    let all: Vec<u32> = (0..w.slot_count()).collect();
    let mut list = Records::default();
    for &id in &all {
        list.push_shape(&mut w, id);
    }

    // The records say what the encoding documents.
    let record = |k: usize| {
        let numbers = &list.numbers[9 * k..9 * k + 7];
        (
            list.kinds[k],
            numbers.to_vec(),
            list.words[4 * k..4 * k + 4].to_vec(),
        )
    };
    assert_eq!(
        record(0),
        (
            0,
            vec![0.0, 0.0, 0.0, 0.8, 0.0, 0.0, 0.0],
            vec![1, ALL, 0, 0]
        )
    );
    assert_eq!(
        record(3).2,
        [2, 3, 0, 8],
        "set_layer_mask wrote layer and mask"
    );
    assert_eq!(
        record(6),
        (
            6,
            vec![1.1, 1.3, 0.0, 0.0, 0.0, 0.0, 0.0],
            vec![1, ALL, 0, 0]
        )
    );
    let segment = shapes[5].1.clone();
    let Shape::Segment { a, b } = segment else {
        panic!("{segment:?}")
    };
    assert_eq!(record(5).0, ShapeKind::Segment as u8);
    assert_eq!(
        record(5).1[3..],
        [a.x, a.y, b.x, b.y],
        "the ends, relative to x, y"
    );
    assert_eq!(record(10).2, [1, ALL, 0, 8], "a polygon's 4 points");
    let k = cup as usize;
    assert_eq!(
        (record(k).0, record(k).2),
        (KIND_CONCAVE, vec![1, ALL, 0, 16])
    );
    let k = ground as usize;
    assert_eq!(record(k).0, KIND_CHAIN);
    assert_eq!(
        record(k).1[..3]
            .iter()
            .map(|v| v.to_bits())
            .collect::<Vec<_>>(),
        [0.5f32.to_bits(), 0.25f32.to_bits(), (-0.0f32).to_bits()]
    );
    assert_eq!(record(k).2, [1, ALL, FLAG_STATIC, 8]);
    let k = ring as usize;
    assert_eq!(record(k).2, [4, 6, FLAG_STATIC | FLAG_LOOP, 16]);

    // Added to another world, the records give the same ids, records and steps.
    let mut copy = world();
    assert_eq!(list.add_to(&mut copy), Ok(all.clone()));
    let mut again = Records::default();
    for &id in &all {
        again.push_shape(&mut copy, id);
    }
    assert_eq!(again.bits(), list.bits());
    let count = w.step();
    assert!(count > 3, "a scene with pairs ({count})");
    assert_eq!(copy.step(), count);
    assert_eq!(pairs(&copy), pairs(&w));
    let bits = |c: Vec<f32>| c.iter().map(|v| v.to_bits()).collect::<Vec<u32>>();
    assert_eq!(bits(contacts(&copy)), bits(contacts(&w)));
    // And an empty list adds nothing.
    assert_eq!(Records::default().add_to(&mut copy), Ok(vec![]));
    assert_eq!(copy.size(), w.size());
}

#[wasm_bindgen_test]
fn a_bad_record_is_named_and_nothing_is_added() {
    let mut w = world();
    let kept = add(&mut w, ShapeKind::Point, 0.0, 0.0, 0.0, 0.0, 0.0);
    let circle = |radius: f32| ([0.0, 0.0, 0.0, radius, 0.0, 0.0, 0.0], [1, ALL, 0]);
    let mut hundred = Records::default();
    for _ in 0..100 {
        let (numbers, words) = circle(1.0);
        hundred.push(ShapeKind::Circle as u8, numbers, words, &[]);
    }
    let bad = |kind: u8, numbers: [f32; 7], flags: u32, points: &[f32]| {
        let mut list = Records::default();
        let (good, words) = circle(1.0);
        list.push(ShapeKind::Circle as u8, good, words, &[]);
        list.push(kind, numbers, [1, ALL, flags], points);
        list
    };
    let bow_tie = [0.0, 0.0, 1.0, 1.0, 2.0, 1.0, 2.0, 0.0, 1.0, 1.0, 0.0, 2.0];
    let (numbers, words) = circle(-1.0);
    hundred.push(ShapeKind::Circle as u8, numbers, words, &[]);
    let lists = [
        (hundred, "list[100].radius must be greater than 0 (got -1)"),
        (
            bad(10, circle(1.0).0, 0, &[]),
            "list[1].kind must be a shape kind (got 10)",
        ),
        (
            bad(0, [f32::NAN, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0], 0, &[]),
            "list[1].x must be a finite number",
        ),
        (
            bad(
                ShapeKind::Segment as u8,
                [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0],
                0,
                &[],
            ),
            "list[1].x2, list[1].y2 must differ from list[1].x1, list[1].y1 \
             (a segment needs two distinct ends)",
        ),
        (
            bad(ShapeKind::Polygon as u8, [0.0; 7], 0, &[0.0, 0.0, 1.0, 0.0]),
            "list[1].points: a polygon needs at least 3 points (got 2)",
        ),
        (
            bad(KIND_CONCAVE, [0.0; 7], 0, &bow_tie),
            "list[1].points: the outline crosses itself at the edge from vertex 0",
        ),
        (
            bad(KIND_CHAIN, [0.0; 7], FLAG_LOOP, &[0.0, 0.0, 1.0, 0.0]),
            "list[1].points: a chain needs at least 3 distinct points (got 2)",
        ),
    ];
    for (list, message) in lists {
        fails(
            &mut w,
            FAILED,
            |w| list.add_to(w).map_or(FAILED, |ids| ids.len() as u32),
            message,
        );
    }
    assert_eq!(w.size(), 1);
    fails(
        &mut w,
        FAILED,
        |w| w.shape_record(7),
        "id: 7 is not the id of a live shape",
    );
    assert_eq!(w.shape_record(kept), 0);
    assert_eq!(
        io(&w)[..11],
        [
            6.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            1.0,
            f64::from(ALL),
            0.0
        ]
    );
}
