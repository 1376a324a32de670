//! What loading arbitrary bytes as a snapshot must do, checked by the `restore` fuzz target
//! (`fuzz/fuzz_targets/restore.rs`) and by `tests/world_snapshot.rs` on a seeded corpus:
//! never panic; on error, leave the target world exactly as it was; on success, give a
//! valid world whose own snapshot is the bytes it was loaded from, the same whether it was
//! restored fresh or loaded into a used world, and that steps alike in both.
//!
//! Only `sepax`'s public API is used, so that the fuzz crate can include this file.

use sepax::World;

/// Loads `data` with [`World::restore`] and into `target` with [`World::load_snapshot`],
/// and checks the properties above. `target` holds the loaded world afterwards when the
/// bytes were accepted, and is unchanged otherwise. Returns whether they were accepted.
pub fn check_restore(data: &[u8], target: &mut World) -> bool {
    let before = target.snapshot();
    match World::restore(data) {
        Ok(mut restored) => {
            restored.validate().expect("a restored world is valid");
            let again = restored.snapshot();
            let differs = again.iter().zip(data).position(|(a, b)| a != b);
            assert!(
                again == data,
                "a restored world's snapshot is its bytes ({} and {} bytes, first difference at {differs:?})",
                again.len(),
                data.len()
            );
            target
                .load_snapshot(data)
                .expect("accepted once, accepted twice");
            target.validate().expect("a loaded world is valid");
            assert!(
                target.snapshot() == data,
                "a loaded world's snapshot is its bytes"
            );
            for _ in 0..2 {
                let (a, b) = (restored.step(), target.step());
                assert_eq!(a, b, "restored and loaded worlds step alike");
                assert_eq!(restored.pairs(), target.pairs());
                assert_eq!(restored.started(), target.started());
                assert_eq!(restored.ended(), target.ended());
                let bits = |w: &World| w.contacts().iter().map(|c| c.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&restored), bits(target));
                restored.validate().expect("valid after a step");
            }
            true
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            assert_eq!(
                target.load_snapshot(data),
                Err(error),
                "the same error in place"
            );
            assert!(target.snapshot() == before, "a failed load changed nothing");
            target.validate().expect("still valid after a failed load");
            false
        }
    }
}

/// One fuzz case: the first byte chooses between the rest of the input as the snapshot
/// bytes themselves (even), and a valid snapshot of a small world described by the input,
/// then corrupted at places the input gives (odd): the second reaches the checks past the
/// header, which random bytes seldom do. Then [`check_restore`], into a used world; returns
/// whether the bytes were accepted.
pub fn fuzz_one(data: &[u8]) -> bool {
    let mut input = Input(data);
    let mut target = small_world(&mut Input(&[7, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    if input.byte() % 2 == 0 {
        return check_restore(input.0, &mut target);
    }
    let mut world = small_world(&mut input);
    let mut bytes = world.snapshot();
    if input.byte() % 2 == 0 {
        let _ = world.step();
        world.snapshot_into(&mut bytes);
    }
    while !input.0.is_empty() && !bytes.is_empty() {
        let at = (usize::from(input.byte()) << 8 | usize::from(input.byte())) % bytes.len();
        match input.byte() % 4 {
            0 => bytes.truncate(at),
            _ => bytes[at] ^= input.byte() | 1,
        }
    }
    check_restore(&bytes, &mut target)
}

/// Reads a fuzz input front to back; past its end every byte is zero. (The fuzz crate's
/// own reader cannot be used here: the main crate's tests cannot depend on the fuzz crate.)
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&b, rest)) = self.0.split_first() else {
            return 0;
        };
        self.0 = rest;
        b
    }

    /// A value in `[0, 32)` on a grid of 1/8.
    fn coordinate(&mut self) -> f32 {
        f32::from(self.byte()) / 8.0
    }
}

/// A world of up to 31 shapes of every kind (concave polygons and chains too), some static, some filtered, some removed,
/// stepped a few times, with transforms written since the last step.
fn small_world(input: &mut Input) -> sepax::World {
    use sepax::math::Vec2;
    use sepax::{Shape, ShapeOptions};
    let mut world = World::new();
    let count = input.byte() % 32;
    for _ in 0..count {
        let size = 0.5 + f32::from(input.byte() % 16) / 4.0;
        let choice = input.byte() % 9;
        let flags = input.byte();
        let options = ShapeOptions {
            layer: if flags & 1 != 0 { 2 } else { 1 },
            mask: if flags & 2 != 0 { 1 } else { u32::MAX },
            is_static: flags & 4 != 0,
        };
        let (x, y, angle) = (input.coordinate(), input.coordinate(), input.coordinate());
        if choice == 8 {
            // A chain, open or closed: its points go in the snapshot's last section.
            let zigzag: Vec<Vec2> = (0..5)
                .map(|k| Vec2::new(k as f32 * size, (k % 2) as f32 * size))
                .collect();
            let chain = sepax::shape::Chain::new(&zigzag, flags & 8 != 0).unwrap();
            world.add_chain(chain, x, y, angle, options).unwrap();
            continue;
        }
        if choice == 7 {
            // A concave L: its outline goes in the snapshot's last section.
            let l = [
                (0.0, 0.0),
                (2.0, 0.0),
                (2.0, 1.0),
                (1.0, 1.0),
                (1.0, 2.0),
                (0.0, 2.0),
            ];
            let outline: Vec<Vec2> = l
                .iter()
                .map(|&(a, b)| Vec2::new(a * size, b * size))
                .collect();
            let concave = sepax::shape::ConcavePolygon::new(&outline).unwrap();
            world.add_concave(concave, x, y, angle, options).unwrap();
            continue;
        }
        let shape = match choice {
            0 => Shape::circle(size),
            1 => Shape::aligned_box(size, size / 2.0),
            2 => Shape::oriented_box(size, size / 3.0),
            3 => Shape::polygon(&[
                Vec2::new(0.0, 0.0),
                Vec2::new(size, 0.0),
                Vec2::new(size, size),
                Vec2::new(0.0, size * 1.5),
            ]),
            4 => Shape::capsule(size, size / 4.0),
            5 => Shape::segment(Vec2::new(-size, 0.0), Vec2::new(size, 0.5)),
            _ => Ok(Shape::point()),
        };
        world.add(shape.unwrap(), x, y, angle, options).unwrap();
    }
    for _ in 0..input.byte() % 4 {
        for id in 0..world.slot_count() as u32 {
            let action = input.byte();
            if !world.contains(id) {
                continue;
            }
            match action % 8 {
                0 => world.remove(id).unwrap(),
                1 => world
                    .set_transform(id, input.coordinate(), 1.0, 0.5)
                    .unwrap(),
                2 => world.xs_mut()[id as usize] += 0.5,
                _ => {}
            }
        }
        let _ = world.step();
    }
    world
}
