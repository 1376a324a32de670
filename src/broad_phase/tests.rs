//! The broad phase against brute force: every layout of boxes, both table modes, both
//! directions of cross-level look-ups, and the static tree.
//!
//! The grid's tests also run in wasm (`wasm-pack test --node`, and again with simd128):
//! the simd128 build tests boxes and takes bounds with its own vector code.

use super::grid::{hash_bucket, pack_cell};
use super::{HashGrid, StaticTree};
use crate::math::{Aabb, Vec2};

/// xorshift32, enough for scattering boxes.
fn rng(state: &mut u32) -> f32 {
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    (*state >> 8) as f32 / (1u32 << 24) as f32
}

fn brute_pairs(ids: &[u32], aabbs: &[Aabb]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for (i, &a) in ids.iter().enumerate() {
        for &b in &ids[i + 1..] {
            if aabbs[a as usize].overlaps(&aabbs[b as usize]) {
                out.push((a.min(b), a.max(b)));
            }
        }
    }
    out.sort_unstable();
    out
}

fn scene(seed: u32, n: usize, layout: u32) -> Vec<Aabb> {
    let mut s = seed;
    (0..n)
        .map(|i| {
            let (x, y, size) = match layout {
                // uniform
                0 => (
                    rng(&mut s) * 200.0,
                    rng(&mut s) * 200.0,
                    1.0 + rng(&mut s) * 8.0,
                ),
                // all on one line, some huge
                1 => (
                    rng(&mut s) * 2000.0,
                    5.0,
                    if i % 50 == 0 { 300.0 } else { 2.0 },
                ),
                // sparse: small shapes scattered far apart (a hashed table)
                3 => (
                    ((i / 4) * 7919 % 1000) as f32 * 100.0 + rng(&mut s) * 2.0,
                    ((i / 4) * 104_729 % 1000) as f32 * 100.0 + rng(&mut s) * 2.0,
                    1.5,
                ),
                // clustered, mixed sizes over 5 orders of magnitude, points
                _ => (
                    (i % 3) as f32 * 1000.0 + rng(&mut s) * 20.0,
                    rng(&mut s) * 20.0,
                    if i % 7 == 0 {
                        0.0
                    } else {
                        10f32.powf(rng(&mut s) * 5.0 - 2.0)
                    },
                ),
            };
            Aabb::new(Vec2::new(x, y), Vec2::new(x + size, y + size * 0.5))
        })
        .collect()
}

/// The listed ids whose boxes overlap `query`, in list order.
fn brute_hits(ids: &[u32], aabbs: &[Aabb], query: &Aabb) -> Vec<u32> {
    let mut hits: Vec<u32> = ids
        .iter()
        .copied()
        .filter(|&id| aabbs[id as usize].overlaps(query))
        .collect();
    hits.sort_unstable();
    hits
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn grid_pairs_equal_brute_force_on_every_layout() {
    let mut grid = HashGrid::new();
    let (mut dense_runs, mut hashed_runs) = (0, 0);
    let (mut looked_down, mut looked_up) = (false, false);
    for layout in 0..4 {
        for seed in 1..6u32 {
            let aabbs = scene(seed * 7919, 600, layout);
            // Leave a few slots out to check that only listed ids are indexed.
            let mut ids: Vec<u32> = (0..aabbs.len() as u32).filter(|i| i % 11 != 3).collect();
            // Any order of ids (the world's is spatial).
            if seed % 2 == 0 {
                ids.reverse();
            }
            grid.rebuild(&ids, &aabbs);
            let (down, up) = grid.looks_down_and_up();
            looked_down |= down;
            looked_up |= up;
            if grid.is_dense() {
                dense_runs += 1;
            } else {
                hashed_runs += 1;
            }
            let mut got = Vec::new();
            grid.overlapping_pairs(&ids, &aabbs, &mut got).unwrap();
            let mut got: Vec<(u32, u32)> = got.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
            got.sort_unstable();
            assert_eq!(
                got,
                brute_pairs(&ids, &aabbs),
                "layout {layout} seed {seed}"
            );

            // A small query (cell by cell) and a huge one (more cells than entries: the
            // entries of each level are scanned instead), then queries the size of the
            // boxes themselves, the others' boxes among them (sharing their edges and
            // corners exactly), some reaching below the grid's origin.
            let mut s = seed * 104_729 + layout;
            let fixed = [
                Aabb::new(Vec2::new(10.0, 0.0), Vec2::new(60.0, 30.0)),
                Aabb::new(Vec2::new(-50.0, -1e6), Vec2::new(1e6, 12.0)),
            ];
            let boxes = (0..aabbs.len()).step_by(7).map(|i| aabbs[i]);
            let scattered = (0..60).map(|_| {
                let pick = aabbs[(rng(&mut s) * aabbs.len() as f32) as usize % aabbs.len()];
                let shift =
                    Vec2::new(rng(&mut s) - 0.6, rng(&mut s) - 0.6) * (pick.extents().x + 4.0);
                let grow = rng(&mut s) * 10.0;
                Aabb::new(
                    pick.min + shift,
                    pick.max + shift + Vec2::new(grow, grow * 0.3),
                )
            });
            for query in fixed.into_iter().chain(boxes).chain(scattered) {
                let mut hits = Vec::new();
                grid.query(&query, |id, _| hits.push(id));
                hits.sort_unstable();
                assert_eq!(
                    hits,
                    brute_hits(&ids, &aabbs, &query),
                    "query {query:?}, layout {layout} seed {seed}"
                );
            }
        }
    }
    // Both table layouts must have been exercised.
    assert!(
        looked_down && looked_up,
        "cross-level look-ups in both directions"
    );
    assert!(
        dense_runs > 0 && hashed_runs > 0,
        "dense {dense_runs}, hashed {hashed_runs}"
    );
}

/// The threaded rebuild and pairs (`grid/chunks.rs`) against the single-threaded ones: the
/// same table bit for bit, and the same pairs in the same order, for any cut, in both
/// table modes.
#[cfg(feature = "threads")]
#[test]
fn chunked_rebuild_and_pairs_equal_the_single_threaded_ones() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    let (mut single, mut chunked) = (HashGrid::new(), HashGrid::new());
    let (mut dense_runs, mut hashed_runs) = (0, 0);
    for layout in 0..4 {
        for seed in 1..4u32 {
            let aabbs = scene(seed * 7919, 600, layout);
            let mut ids: Vec<u32> = (0..aabbs.len() as u32).filter(|i| i % 11 != 3).collect();
            if seed % 2 == 0 {
                ids.reverse();
            }
            single.rebuild(&ids, &aabbs);
            let mut want = Vec::new();
            single.overlapping_pairs(&ids, &aabbs, &mut want).unwrap();
            if single.is_dense() {
                dense_runs += 1;
            } else {
                hashed_runs += 1;
            }
            for (grain, ranges) in [(37, 1), (37, 2), (64, 5), (1000, 3), (5, 64)] {
                pool.install(|| chunked.rebuild_in_chunks(&ids, &aabbs, grain, ranges));
                let case = format!("layout {layout} seed {seed} grain {grain} ranges {ranges}");
                assert!(single.table() == chunked.table(), "{case}: tables differ");
                let mut lists = Vec::new();
                let end = pool.install(|| {
                    chunked.overlapping_pairs_in_chunks(&ids, &aabbs, grain, &mut lists, 0)
                });
                let got: Vec<(u32, u32)> = lists[..end.unwrap()]
                    .iter()
                    .flat_map(|l| l.as_slice().iter().copied())
                    .collect();
                assert_eq!(got, want, "{case}: pairs differ");
            }
        }
    }
    assert!(dense_runs > 0 && hashed_runs > 0);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_grid_emptied_after_a_full_step_has_no_pairs() {
    // The empty rebuild must reset the whole table, its size included: a step with no
    // moving shapes follows a step with many when the last one is removed.
    let aabbs = scene(7, 2000, 0);
    let ids: Vec<u32> = (0..2000).collect();
    let mut grid = HashGrid::new();
    let mut pairs = Vec::new();
    grid.rebuild(&ids, &aabbs);
    grid.overlapping_pairs(&ids, &aabbs, &mut pairs).unwrap();
    assert!(!pairs.is_empty());
    pairs.clear();
    grid.rebuild(&[], &aabbs);
    grid.overlapping_pairs(&[], &aabbs, &mut pairs).unwrap();
    assert!(pairs.is_empty());
    let mut hits = Vec::new();
    grid.query(&aabbs[0], |id, _| hits.push(id));
    assert!(hits.is_empty());
}

#[test]
fn hashed_cells_of_a_lattice_spread_over_the_table() {
    // 100 × 100 neighbouring cells into 16,384 buckets: a random function would fill
    // about 7,500 buckets; the single multiplicative hash this replaced filled under half.
    let shift = 64 - 14;
    let mut used = vec![false; 1 << 14];
    for cx in 0..100 {
        for cy in 0..100 {
            used[hash_bucket(pack_cell(0, cx, cy), shift)] = true;
        }
    }
    let filled = used.iter().filter(|&&u| u).count();
    assert!(filled > 7_000, "{filled} buckets used");
}

#[test]
fn static_tree_query_equals_brute_force() {
    let aabbs = scene(42, 500, 2);
    let ids: Vec<u32> = (0..500).collect();
    let mut tree = StaticTree::new();
    tree.rebuild(&ids, &aabbs);
    let mut s = 99u32;
    for _ in 0..200 {
        let x = rng(&mut s) * 2100.0 - 50.0;
        let y = rng(&mut s) * 40.0 - 10.0;
        let q = Aabb::new(Vec2::new(x, y), Vec2::new(x + rng(&mut s) * 30.0, y + 3.0));
        let mut hits = Vec::new();
        tree.query(&q, |id, _| hits.push(id));
        hits.sort_unstable();
        assert_eq!(hits, brute_hits(&ids, &aabbs, &q));
    }
}
