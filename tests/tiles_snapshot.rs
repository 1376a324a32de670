//! Tile grids, tile tables, one-way shapes and pair cells in snapshots and scene records:
//! bit-for-bit round trips, replays that continue alike, truncations and corruptions that
//! change nothing, a reload that keeps an unchanged grid, and scene records of grids.

mod common;

// Only `check_restore` of it is used here.
#[allow(dead_code)]
#[path = "common/restore_check.rs"]
mod restore_check;

use common::rng::Mulberry32;
use restore_check::check_restore;
use sepax::math::Vec2;
use sepax::shape::tiles::{Cells, TileDef, TileTable};
use sepax::world::{MoveOptions, SceneShape, SnapshotError, SNAPSHOT_HEADER_LEN};
use sepax::{Shape, ShapeOptions, World};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn fixed() -> ShapeOptions {
    ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    }
}

/// A world using every part of the levels section: two grids (one narrow, one widened by
/// a value above 255, moved and turned), a table no grid uses, one-way shapes and tiles,
/// moving shapes touching the grids, stepped so that pairs record their cells.
fn level_world() -> World {
    let mut world = World::new();
    let slope = vec![v(0.0, 16.0), v(16.0, 16.0), v(16.0, 0.0)];
    let table = TileTable::new(vec![
        (2, TileDef::Empty),
        (
            3,
            TileDef::Solid {
                outline: Some(slope),
                one_way: None,
            },
        ),
        (
            4,
            TileDef::Solid {
                outline: None,
                one_way: Some(v(0.0, -2.0)),
            },
        ),
    ])
    .unwrap();
    let unused = TileTable::new(vec![(9, TileDef::Empty)]).unwrap();
    world.define_tiles(unused).unwrap();
    let t = world.define_tiles(table).unwrap();
    let cells: Vec<u8> = (0..40 * 10)
        .map(|k| [0, 1, 3, 4, 2, 1, 1, 0][k % 8])
        .collect();
    world
        .add_tile_grid(
            -100.0,
            50.0,
            40,
            10,
            v(16.0, 16.0),
            Cells::Narrow(cells),
            Some(t),
            fixed(),
        )
        .unwrap();
    let wide = Cells::Wide((0..12 * 6).map(|k| (k % 3) as u16).collect());
    let b = world
        .add_tile_grid(
            300.0,
            0.0,
            12,
            6,
            v(8.0, 4.0),
            wide,
            None,
            ShapeOptions::default(),
        )
        .unwrap();
    world.set_tile(b, 3, 2, 300).unwrap();
    world.set_transform(b, 310.0, 5.0, 0.3).unwrap();
    let platform = world
        .add(
            Shape::aligned_box(20.0, 2.0).unwrap(),
            0.0,
            -40.0,
            0.0,
            fixed(),
        )
        .unwrap();
    world.set_one_way(platform, Some(v(0.0, -1.0))).unwrap();
    let mut rng = Mulberry32::new(5);
    for _ in 0..60 {
        let p = v(rng.range(-100.0, 540.0), rng.range(-50.0, 220.0));
        let shape = match rng.below(3) {
            0 => Shape::circle(rng.range(2.0, 9.0)).unwrap(),
            1 => Shape::oriented_box(rng.range(2.0, 9.0), rng.range(2.0, 9.0)).unwrap(),
            _ => Shape::capsule(rng.range(2.0, 9.0), rng.range(1.0, 4.0)).unwrap(),
        };
        let id = world
            .add(
                shape,
                p.x,
                p.y,
                rng.range(-3.0, 3.0),
                ShapeOptions::default(),
            )
            .unwrap();
        if rng.below(4) == 0 {
            world
                .set_one_way(id, Some(v(rng.range(-1.0, 1.0), -1.0)))
                .unwrap();
        }
    }
    world.step().unwrap();
    assert!(
        world
            .pair_cells()
            .iter()
            .filter(|&&c| c != u32::MAX)
            .count()
            > 5
    );
    world
}

/// The next frames of a game on `world`: moves, a cast, an edit and a step, with every
/// result (pairs, contacts, cells, the moves' positions and cells, the cast) as bits.
fn frames(world: &mut World, count: usize) -> Vec<u32> {
    let mut out = Vec::new();
    for frame in 0..count {
        for id in [5, 9, 17] {
            if world.contains(id) && world.tile_grid(id).unwrap().is_none() {
                let r = world
                    .move_and_slide(id, v(1.5, 4.0), &MoveOptions::default())
                    .unwrap();
                out.extend([r.position.x.to_bits(), r.position.y.to_bits()]);
                out.extend_from_slice(world.move_contact_cells());
            }
        }
        let hit = world
            .cast_shape(
                &Shape::circle(3.0).unwrap(),
                20.0,
                -80.0,
                0.0,
                v(frame as f32, 300.0),
                u32::MAX,
            )
            .unwrap();
        out.extend(
            hit.map(|h| [h.id, h.cell, h.hit.t.to_bits()])
                .into_iter()
                .flatten(),
        );
        world
            .set_tile(0, (frame % 40) as u32, 3, (frame % 5) as u16)
            .unwrap();
        out.push(world.step().unwrap() as u32);
        out.extend_from_slice(world.pairs());
        out.extend(world.contacts().iter().map(|c| c.to_bits()));
        out.extend_from_slice(world.pair_cells());
        world.validate().unwrap();
    }
    out
}

#[test]
fn a_level_round_trips_bit_for_bit_and_replays_alike() {
    let mut world = level_world();
    let bytes = world.snapshot();
    let flags = u32::from_le_bytes(bytes[48..52].try_into().unwrap());
    assert_eq!(flags & 4, 4, "the levels flag");
    let mut target = World::new();
    assert!(check_restore(&bytes, &mut target));
    let mut restored = World::restore(&bytes).unwrap();
    assert_eq!(restored.pair_cells(), world.pair_cells());
    assert_eq!(restored.one_way(12), world.one_way(12));
    assert_eq!(frames(&mut restored, 30), frames(&mut world, 30));
    // Saved again after the frames: still bit for bit.
    let again = world.snapshot();
    assert!(check_restore(&again, &mut target));
}

#[test]
fn a_world_without_levels_writes_no_levels_section() {
    let mut world = World::new();
    world
        .add(
            Shape::circle(1.0).unwrap(),
            0.0,
            0.0,
            0.0,
            ShapeOptions::default(),
        )
        .unwrap();
    world.step().unwrap();
    let bytes = world.snapshot();
    let flags = u32::from_le_bytes(bytes[48..52].try_into().unwrap());
    assert_eq!(flags & 4, 0);
    // A slot said to hold a grid, in a snapshot with no levels section to hold it.
    let mut points = World::new();
    points
        .add(Shape::Point, 0.0, 0.0, 0.0, ShapeOptions::default())
        .unwrap();
    let mut grid_kind = points.snapshot();
    grid_kind[SNAPSHOT_HEADER_LEN + 1] = 10;
    let message = World::restore(&grid_kind).unwrap_err().to_string();
    assert!(message.starts_with("bad kind of slot 0"), "{message}");
}

#[test]
fn a_reload_keeps_an_unchanged_grid_and_rebuilds_a_changed_one() {
    let mut world = level_world();
    let bytes = world.snapshot();
    let mut target = World::restore(&bytes).unwrap();
    let derived = |w: &World| w.tile_grid(0).unwrap().unwrap().derived_cells();
    let before = derived(&target);
    target.set_transform(20, 1.0, 2.0, 0.0).unwrap();
    target.step().unwrap();
    target.load_snapshot(&bytes).unwrap();
    assert_eq!(
        derived(&target),
        before,
        "the same grid is kept, not derived again"
    );
    target.set_tile(0, 1, 1, 3).unwrap();
    target.load_snapshot(&bytes).unwrap();
    assert_eq!(target.tile(0, 1, 1), world.tile(0, 1, 1));
    assert!(target.snapshot() == bytes);
    assert_eq!(frames(&mut target, 5), frames(&mut world, 5));
}

#[test]
fn truncations_and_corruptions_of_the_levels_section_change_nothing() {
    let bytes = level_world().snapshot();
    let mut target = level_world();
    target.step().unwrap();
    let main = bytes.len() - levels_len(&bytes);
    for len in (main - 8)..bytes.len() {
        assert!(
            !check_restore(&bytes[..len], &mut target),
            "{len} bytes accepted"
        );
        assert!(matches!(
            World::restore(&bytes[..len]),
            Err(SnapshotError::Truncated { .. }
                | SnapshotError::BadValue { .. }
                | SnapshotError::BadShape { .. })
        ));
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        World::restore(&longer),
        Err(SnapshotError::TooLong { .. })
    ));
    let mut rng = Mulberry32::new(29);
    let (mut accepted, mut rejected) = (0, 0);
    for _ in 0..1500 {
        let mut corrupt = bytes.clone();
        // In the levels section, where a flip may hit a count, a flag, a value or a cell.
        let at = main + rng.below(bytes.len() - main);
        corrupt[at] ^= 1 << rng.below(8);
        if check_restore(&corrupt, &mut target) {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    assert!(
        accepted > 50 && rejected > 50,
        "{accepted} accepted, {rejected} rejected"
    );
    // A levels flag with no section, and a section without the flag.
    let mut flagged = World::new().snapshot();
    flagged[48] |= 4;
    assert!(matches!(
        World::restore(&flagged),
        Err(SnapshotError::Truncated { .. })
    ));
    let mut unflagged = bytes.clone();
    unflagged[48] &= !4;
    assert!(matches!(
        World::restore(&unflagged),
        Err(SnapshotError::TooLong { .. } | SnapshotError::BadValue { .. })
    ));
    assert!(SNAPSHOT_HEADER_LEN < main);
}

/// The length of the levels section of `bytes`: the bytes after the sections the header
/// counts (found as where a load without the flag says the input should end).
fn levels_len(bytes: &[u8]) -> usize {
    let mut unflagged = bytes.to_vec();
    unflagged[48] &= !4;
    match World::restore(&unflagged) {
        Err(SnapshotError::TooLong { expected, actual }) => actual - expected,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_grid_is_a_scene_record_that_adds_back_an_identical_grid() {
    let mut world = level_world();
    for id in [0, 1] {
        let desc = world.shape_desc(id).unwrap();
        let SceneShape::TileGrid {
            cols,
            rows,
            cell,
            ref cells,
            ref table,
        } = desc.shape
        else {
            panic!("{:?}", desc.shape);
        };
        let grid = world.tile_grid(id).unwrap().unwrap();
        assert_eq!(
            (cols, rows, cell),
            (grid.cols(), grid.rows(), grid.cell_size())
        );
        assert_eq!(cells, grid.cells());
        assert_eq!(Some(table), world.tile_table(grid.table_id()));
        let table_id = grid.table_id();
        let mut ids = Vec::new();
        world.add_shapes(vec![desc.clone()], &mut ids).unwrap();
        let copy = world.tile_grid(ids[0]).unwrap().unwrap();
        assert!(copy.same_boundary(world.tile_grid(id).unwrap().unwrap()));
        assert_eq!(
            copy.table_id(),
            table_id,
            "an equal table is the same table"
        );
        assert_eq!(world.shape_desc(ids[0]).unwrap(), desc);
    }
    // One-way shapes carry their direction in the record.
    let desc = world.shape_desc(2).unwrap();
    assert_eq!(desc.one_way, Some(v(0.0, -1.0)));
    let mut ids = Vec::new();
    world.add_shapes(vec![desc], &mut ids).unwrap();
    assert_eq!(world.one_way(ids[0]), Ok(Some(v(0.0, -1.0))));
    world.validate().unwrap();
}
