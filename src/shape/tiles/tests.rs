//! The boundary of tile grids against what it must be: a brute-force check on seeded random
//! grids of full, half and slope tiles, the named cases of the module docs, and edits.

use super::*;
use crate::math::Transform;
use crate::narrow_phase::overlaps;
use crate::test_rng::Mulberry32;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

const CELL: Vec2 = Vec2::new(16.0, 16.0);

fn solid(points: &[(f32, f32)]) -> TileDef {
    TileDef::Solid {
        outline: Some(points.iter().map(|&(x, y)| v(x, y)).collect()),
        one_way: None,
    }
}

/// The tiles of the random grids: full (1), empty (2), lower half (3), slopes up to the
/// right and left (4, 5), a quarter (6), an off-centre block (7), one-way full (8).
fn table() -> TileTable {
    TileTable::new(vec![
        (2, TileDef::Empty),
        (
            3,
            solid(&[(0.0, 8.0), (16.0, 8.0), (16.0, 16.0), (0.0, 16.0)]),
        ),
        (4, solid(&[(0.0, 16.0), (16.0, 16.0), (16.0, 0.0)])),
        (5, solid(&[(0.0, 0.0), (16.0, 16.0), (0.0, 16.0)])),
        (
            6,
            solid(&[(0.0, 12.0), (16.0, 12.0), (16.0, 16.0), (0.0, 16.0)]),
        ),
        (
            7,
            solid(&[(4.0, 4.0), (12.0, 4.0), (12.0, 16.0), (4.0, 16.0)]),
        ),
        (
            8,
            TileDef::Solid {
                outline: None,
                one_way: Some(v(0.0, -1.0)),
            },
        ),
    ])
    .unwrap()
}

fn grid(cols: u32, rows: u32, cells: Vec<u8>) -> TileGrid {
    TileGrid::new(cols, rows, CELL, Cells::Narrow(cells), &table(), 0).unwrap()
}

fn segments(grid: &TileGrid) -> Vec<TileSegment> {
    let mut out = Vec::new();
    grid.each_segment_near(&grid.local_bounds(), &mut |_, s| {
        out.push(s.clone());
        true
    });
    out
}

fn ends(s: &TileSegment) -> (Vec2, Vec2) {
    match s.shape {
        Shape::Segment { a, b } => (a, b),
        _ => unreachable!("tile segments are segments"),
    }
}

/// True when `p` (grid frame) lies in the closed tile of some cell whose class is in
/// `classes` (brute force over every cell).
fn in_solid(grid: &TileGrid, p: Vec2, classes: &dyn Fn(u16) -> bool) -> bool {
    let mut inside = false;
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            let centre = v((col as f32 + 0.5) * CELL.x, (row as f32 + 0.5) * CELL.y);
            let class = grid.tile_of(col, row).class;
            if let (true, Some((_, shape, origin))) = (classes(class), grid.tile_at(centre)) {
                let tile = Transform::from_xy_angle(origin.x, origin.y, 0.0);
                let point = Transform::from_xy_angle(p.x, p.y, 0.0);
                inside |= overlaps(&Shape::Point, &point, shape, &tile);
            }
        }
    }
    inside
}

#[test]
fn a_floor_of_full_tiles_has_no_internal_edge() {
    let g = grid(10, 1, vec![1; 10]);
    let all = segments(&g);
    assert_eq!(all.len(), 22);
    let vertical = all.iter().filter(|s| s.joints.direction.x == 0.0).count();
    assert_eq!(vertical, 2, "only the floor's two ends");
    for s in &all {
        let d = s.joints.direction;
        if d.y == 0.0 {
            let (col, straight) = (s.cell, Some(d));
            // Along the floor, each half continues the next; the ends turn.
            let first = if d.x > 0.0 { 0 } else { 9 };
            let last = if d.x > 0.0 { 9 } else { 0 };
            assert_eq!(s.joints.previous == straight, col != first, "{s:?}");
            assert_eq!(s.joints.next == straight, col != last, "{s:?}");
        }
    }
}

#[test]
fn a_half_tile_beside_a_full_one_leaves_the_upper_part_of_the_side() {
    // Full cell, then a half tile whose solid is y in [8, 16].
    let g = grid(2, 1, vec![1, 3]);
    let all = segments(&g);
    let sides: Vec<(Vec2, Vec2)> = all
        .iter()
        .filter(|s| ends(s).0.x == 16.0 && ends(s).1.x == 16.0)
        .map(ends)
        .collect();
    // The full cell's side at x = 16 runs (16, 0) → (16, 16) (solid on its left, y up);
    // the half tile covers y in [8, 16].
    assert_eq!(sides, [(v(16.0, 0.0), v(16.0, 8.0))]);
    let half_top: Vec<&TileSegment> = all
        .iter()
        .filter(|s| ends(s).0.y == 8.0 && s.joints.direction.y == 0.0)
        .collect();
    assert_eq!(half_top.len(), 1);
    // It starts where the side piece ends: a concave corner (the wall above the step).
    assert_eq!(half_top[0].joints.previous, Some(v(0.0, 1.0)));
}

#[test]
fn partial_covers_leave_the_difference_of_the_two_sides() {
    // A half tile (y in [8, 16]) beside a quarter (y in [12, 16]).
    let g = grid(2, 1, vec![3, 6]);
    let pieces: Vec<(Vec2, Vec2)> = segments(&g)
        .iter()
        .filter(|s| ends(s).0.x == 16.0 && ends(s).1.x == 16.0)
        .map(ends)
        .collect();
    assert_eq!(pieces, [(v(16.0, 8.0), v(16.0, 12.0))]);
    // An off-centre block (x in [4, 12]) above a full cell: the full cell's face at y = 16
    // (its first edge, along +x) keeps the two pieces beside the block.
    let g = grid(1, 2, vec![7, 1]);
    let mut pieces: Vec<(Vec2, Vec2)> = segments(&g)
        .iter()
        .filter(|s| ends(s).0.y == 16.0 && ends(s).1.y == 16.0)
        .map(ends)
        .collect();
    pieces.sort_by(|a, b| a.0.x.total_cmp(&b.0.x));
    assert_eq!(
        pieces,
        [(v(0.0, 16.0), v(4.0, 16.0)), (v(12.0, 16.0), v(16.0, 16.0))]
    );
}

#[test]
fn a_slope_continues_into_the_top_beside_it() {
    // A slope rising to x = 16 (its solid below the diagonal) and a full cell after it.
    let g = grid(2, 1, vec![4, 1]);
    let all = segments(&g);
    assert!(
        !all.iter()
            .any(|s| ends(s).0.x == 16.0 && ends(s).1.x == 16.0),
        "the side between them is covered from both sides"
    );
    let slope = all
        .iter()
        .find(|s| s.joints.direction.x != 0.0 && s.joints.direction.y != 0.0)
        .unwrap();
    assert_eq!(ends(slope), (v(0.0, 16.0), v(16.0, 0.0)));
    // Its face looks up-left (y down: over the slope), and the full cell's face at y = 0
    // follows it: a convex joint (a crest).
    let f = slope.joints.face_normal();
    assert!(f.x < 0.0 && f.y < 0.0);
    assert_eq!(slope.joints.next, Some(v(1.0, 0.0)));
    let probe = slope.joints.smooth(v(0.0, -1.0)); // the next face's normal
    assert_eq!(probe, crate::shape::Smoothed::Keep);
}

#[test]
fn cells_touching_at_a_corner_stay_apart() {
    // A checkerboard pinch: (0, 0) and (1, 1) solid.
    let g = grid(2, 2, vec![1, 0, 0, 1]);
    for s in segments(&g) {
        // Every joint is a convex corner of the segment's own cell: a quarter turn left.
        let d = s.joints.direction;
        let left = v(-d.y, d.x);
        assert_eq!(s.joints.next, Some(left), "{s:?}");
        assert_eq!(s.joints.previous, Some(v(d.y, -d.x)), "{s:?}");
    }
}

#[test]
fn one_way_cells_form_their_own_surface() {
    // One-way, one-way, solid: the one-way row is one surface, ended by the solid's side.
    let g = grid(3, 1, vec![8, 8, 1]);
    let all = segments(&g);
    let up = Some(v(0.0, -1.0));
    let tops: Vec<&TileSegment> = all
        .iter()
        .filter(|s| s.up.is_some() && s.joints.face_normal() == v(0.0, -1.0))
        .collect();
    assert_eq!(tops.len(), 2);
    assert!(tops.iter().all(|s| s.up == up));
    // The second one-way top continues into the solid's top (a platform flush with it).
    let second = tops.iter().find(|s| s.cell == 1).unwrap();
    assert_eq!(second.joints.next, Some(v(1.0, 0.0)));
    // The solid's side facing the one-way cell stays; the one-way side facing it is gone.
    let at_32 = |s: &&TileSegment| ends(s).0.x == 32.0 && ends(s).1.x == 32.0;
    let walls: Vec<&TileSegment> = all.iter().filter(at_32).collect();
    assert_eq!(walls.len(), 1);
    assert_eq!((walls[0].cell, walls[0].up), (2, None));
    // Between the two one-way cells, nothing.
    assert!(!all
        .iter()
        .any(|s| ends(s).0.x == 16.0 && ends(s).1.x == 16.0));
}

/// On seeded random grids of every tile: each boundary segment has its own tile inside it,
/// just behind its face, and no tile of its family just in front; and every piece of a
/// tile's edge with solid on one side only is covered by a segment.
#[test]
fn the_boundary_is_the_boundary_of_the_union_on_random_grids() {
    let mut rng = Mulberry32::new(29);
    for round in 0..40 {
        let (cols, rows) = (1 + rng.below(7) as u32, 1 + rng.below(7) as u32);
        let cells: Vec<u8> = (0..cols * rows)
            .map(|_| [0, 0, 1, 1, 2, 3, 4, 5, 6, 7][rng.below(10)])
            .collect();
        let g = grid(cols, rows, cells.clone());
        let all = segments(&g);
        let solid = |class: u16| class == SOLID;
        let eps = 0.01;
        for s in &all {
            let (a, b) = ends(s);
            let f = s.joints.face_normal();
            for t in [0.25, 0.5, 0.75] {
                let p = a + (b - a) * t;
                assert!(!in_solid(&g, p + f * eps, &solid), "round {round}: {s:?}");
                assert!(in_solid(&g, p - f * eps, &solid), "round {round}: {s:?}");
            }
        }
        // Completeness: sample each tile's edges.
        for row in 0..rows {
            for col in 0..cols {
                let centre = v((col as f32 + 0.5) * 16.0, (row as f32 + 0.5) * 16.0);
                let Some((_, shape, origin)) = g.tile_at(centre) else {
                    continue;
                };
                let corners;
                let vertices = match shape {
                    Shape::Polygon(p) => p.vertices(),
                    _ => {
                        corners = [v(-8.0, -8.0), v(8.0, -8.0), v(8.0, 8.0), v(-8.0, 8.0)];
                        &corners
                    }
                };
                for (i, &p) in vertices.iter().enumerate() {
                    let q = vertices[(i + 1) % vertices.len()];
                    let (p, q) = (p + origin, q + origin);
                    let d = (q - p).normalize_or_zero();
                    let out = v(d.y, -d.x);
                    for t in [0.1, 0.3, 0.5, 0.7, 0.9] {
                        let m = p + (q - p) * t;
                        if in_solid(&g, m + out * eps, &solid) {
                            continue;
                        }
                        let covered = all.iter().any(|s| {
                            let (a, b) = ends(s);
                            let e = s.joints.direction;
                            let along = (m - a).dot(e);
                            (m - a).perp_dot(e).abs() < 1e-3
                                && along > -1e-3
                                && along < (b - a).length() + 1e-3
                        });
                        assert!(
                            covered,
                            "round {round}: edge point {m:?} of cell ({col}, {row})"
                        );
                    }
                }
            }
        }
        // Joints: a segment's next starts where it ends, in some segment of the grid.
        for s in &all {
            let (_, b) = ends(s);
            if let Some(next) = s.joints.next {
                let found = all
                    .iter()
                    .any(|t| ends(t).0 == b && t.joints.direction == next);
                assert!(found, "round {round}: {s:?}");
            }
        }
    }
}

#[test]
fn edits_keep_the_boundary_exact_and_cost_the_same_at_any_size() {
    let mut costs = Vec::new();
    for (cols, rows) in [(40, 30), (400, 300)] {
        let mut rng = Mulberry32::new(7);
        let cells: Vec<u8> = (0..cols * rows).map(|_| rng.below(9) as u8).collect();
        let mut g = grid(cols, rows, cells);
        let mut rng = Mulberry32::new(8);
        let mut cost = Vec::new();
        for _ in 0..60 {
            let (col, row) = (8 + rng.below(16) as u32, 8 + rng.below(12) as u32);
            let before = g.derived_cells();
            g.set_tile(col, row, rng.below(9) as u16).unwrap();
            cost.push(g.derived_cells() - before);
        }
        let fresh = grid(
            cols,
            rows,
            match g.cells() {
                Cells::Narrow(c) => c.clone(),
                Cells::Wide(_) => unreachable!("values below 9"),
            },
        );
        assert!(g.same_boundary(&fresh), "{cols} × {rows}");
        costs.push(cost);
    }
    // The same edits (same cells, same neighbourhoods) derive the same number of cells
    // in a grid a hundred times larger, and at most four chunks with their rings.
    assert_eq!(costs[0], costs[1]);
    assert!(costs[0].iter().all(|&c| c <= 4 * 100));
    // Near the edges too, with values that need two bytes.
    let mut g = grid(5, 3, vec![1; 15]);
    for (col, row, value) in [(0, 0, 300), (4, 2, 0), (2, 1, 3), (4, 0, 4)] {
        g.set_tile(col, row, value).unwrap();
        assert_eq!(g.tile(col, row), Ok(value));
    }
    let Cells::Wide(wide) = g.cells().clone() else {
        panic!("a value above 255 widens the cells");
    };
    let fresh = TileGrid::new(5, 3, CELL, Cells::Wide(wide), &table(), 0).unwrap();
    assert!(g.same_boundary(&fresh));
    assert_eq!(
        g.set_tile(5, 0, 1),
        Err(TileError::OutOfGrid { col: 5, row: 0 })
    );
}

#[test]
fn bad_tables_and_grids_are_rejected_by_name() {
    let text = |e: TileError| e.to_string();
    assert_eq!(
        text(TileTable::new(vec![(0, TileDef::Empty)]).unwrap_err()),
        "tiles: key 0 must be a tile value from 1 to 65535"
    );
    assert_eq!(
        text(TileTable::new(vec![(3, TileDef::Empty), (3, TileDef::SOLID)]).unwrap_err()),
        "tiles[3] is listed twice"
    );
    let nine: Vec<(f32, f32)> = (0..9)
        .map(|k| {
            let a = k as f32 * 0.69;
            (8.0 + 7.0 * a.cos(), 8.0 + 7.0 * a.sin())
        })
        .collect();
    assert_eq!(
        text(TileTable::new(vec![(4, solid(&nine))]).unwrap_err()),
        "tiles[4].points must have at most 8 points (got 9)"
    );
    let bent = solid(&[(0.0, 0.0), (16.0, 0.0), (8.0, 2.0), (8.0, 16.0)]);
    assert!(text(TileTable::new(vec![(5, bent)]).unwrap_err()).starts_with("tiles[5].points: "));
    let still = TileDef::Solid {
        outline: None,
        one_way: Some(Vec2::ZERO),
    };
    assert_eq!(
        text(TileTable::new(vec![(6, still)]).unwrap_err()),
        "tiles[6].oneWay must be a finite non-zero vector"
    );
    let big = TileTable::new(vec![(7, solid(&[(0.0, 0.0), (20.0, 0.0), (0.0, 16.0)]))]).unwrap();
    let cells = || Cells::Narrow(vec![7; 4]);
    assert_eq!(
        TileGrid::new(2, 2, CELL, cells(), &big, 0).unwrap_err(),
        TileError::OutsideCell {
            value: 7,
            vertex: 1
        }
    );
    let bad = |cols, rows, cell: Vec2, n| {
        text(TileGrid::new(cols, rows, cell, Cells::Narrow(vec![1; n]), &table(), 0).unwrap_err())
    };
    assert!(bad(0, 2, CELL, 0).starts_with("cols must be"));
    assert!(bad(1 << 13, 1 << 12, CELL, 0).starts_with("cols must be"));
    assert!(bad(2, 2, v(0.0, 16.0), 4).starts_with("cellWidth must be greater than 0"));
    assert!(bad(2, 2, v(16.0, f32::NAN), 4).starts_with("cellHeight"));
    assert_eq!(
        bad(2, 2, CELL, 3),
        "cells must have length cols × rows = 4 (got 3)"
    );
}

#[test]
fn tile_at_finds_the_cell_and_its_tile() {
    let g = grid(3, 2, vec![1, 0, 3, 4, 2, 1]);
    assert_eq!(
        g.tile_at(v(1.0, 1.0)).map(|t| (t.0, t.2)),
        Some((0, v(8.0, 8.0)))
    );
    assert!(g.tile_at(v(20.0, 1.0)).is_none()); // empty
    assert!(g.tile_at(v(20.0, 20.0)).is_none()); // value 2: empty by the table
    assert_eq!(
        g.tile_at(v(40.0, 12.0)).map(|t| (t.0, t.2)),
        Some((2, v(32.0, 0.0)))
    );
    assert_eq!(g.tile_at(v(48.0, 32.0)).map(|t| t.0), Some(5)); // the far corner
    assert!(g.tile_at(v(-0.1, 1.0)).is_none());
    assert!(g.tile_at(v(48.1, 1.0)).is_none());
}
