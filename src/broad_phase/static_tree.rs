//! The bounding-volume tree of the static shapes ([`StaticTree`]), rebuilt only when a
//! static shape is added, removed or moved. Moving shapes query it; static shapes never
//! query anything, so static-static pairs never come up.

use crate::math::Aabb;
use crate::sort::select_nth_by_key;

/// A node of the static tree: a box and either two children or a run of leaf ids.
#[derive(Clone, Copy, Debug)]
struct Node {
    aabb: Aabb,
    /// Internal node: index of the first child (the second follows it).
    /// Leaf: start of its ids in `leaf_ids`.
    first: u32,
    /// 0 for an internal node, else the number of ids in the leaf.
    count: u32,
}

/// How many ids a leaf of the static tree holds at most.
const LEAF_SIZE: usize = 4;

/// A bounding-volume tree over static shapes, built by median split on the longer axis.
///
/// Built once per change of the static set (O(S log S)), queried by moving shapes in
/// O(log S + hits).
#[derive(Clone, Debug, Default)]
pub struct StaticTree {
    nodes: Vec<Node>,
    leaf_ids: Vec<u32>,
    leaf_boxes: Vec<Aabb>,
    /// Work list of the build, kept so that moving a static shape every step allocates
    /// nothing once the tree has been built at its size.
    build_stack: Vec<(usize, usize, usize)>,
}

impl StaticTree {
    /// An empty tree.
    #[must_use]
    pub fn new() -> StaticTree {
        StaticTree::default()
    }

    /// True when the tree holds no shape.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.leaf_ids.is_empty()
    }

    /// The box around every static box (`None` for an empty tree).
    #[must_use]
    pub fn bounds(&self) -> Option<Aabb> {
        self.nodes.first().map(|root| root.aabb)
    }

    /// Rebuilds the tree over `ids` with boxes `aabbs[id]`.
    pub fn rebuild(&mut self, ids: &[u32], aabbs: &[Aabb]) {
        self.nodes.clear();
        self.leaf_ids.clear();
        self.leaf_ids.extend_from_slice(ids);
        self.leaf_boxes.clear();
        if ids.is_empty() {
            return;
        }
        self.nodes.push(Node {
            aabb: aabbs[ids[0] as usize],
            first: 0,
            count: 0,
        });
        // Iterative build: (node index, range of leaf_ids).
        let mut stack = core::mem::take(&mut self.build_stack);
        stack.clear();
        stack.push((0, 0, ids.len()));
        while let Some((node, start, end)) = stack.pop() {
            let range = &mut self.leaf_ids[start..end];
            let mut bounds = aabbs[range[0] as usize];
            for &id in range.iter() {
                bounds = bounds.union(&aabbs[id as usize]);
            }
            if end - start <= LEAF_SIZE {
                self.nodes[node] = Node {
                    aabb: bounds,
                    first: start as u32,
                    count: (end - start) as u32,
                };
                continue;
            }
            let mid = split_at_median(range, aabbs, &bounds);
            let first = self.nodes.len();
            let placeholder = self.nodes[node];
            self.nodes.push(placeholder);
            self.nodes.push(placeholder);
            self.nodes[node] = Node {
                aabb: bounds,
                first: first as u32,
                count: 0,
            };
            stack.push((first, start, start + mid));
            stack.push((first + 1, start + mid, end));
        }
        self.leaf_boxes
            .extend(self.leaf_ids.iter().map(|&id| aabbs[id as usize]));
        self.build_stack = stack;
    }

    /// Calls `visit` with every static id whose box overlaps `query` (touching counts),
    /// and its box.
    #[inline]
    pub fn query(&self, query: &Aabb, mut visit: impl FnMut(u32, &Aabb)) {
        if self.nodes.is_empty() {
            return;
        }
        // A median split halves the ids at every level, so the depth is at most
        // log2(2^32 / LEAF_SIZE) + 1 < 64.
        let mut stack = [0u32; 64];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let node = &self.nodes[stack[top] as usize];
            if !node.aabb.overlaps(query) {
                continue;
            }
            if node.count > 0 {
                let start = node.first as usize;
                let end = start + node.count as usize;
                for (id, aabb) in self.leaf_ids[start..end]
                    .iter()
                    .zip(&self.leaf_boxes[start..end])
                {
                    if aabb.overlaps(query) {
                        visit(*id, aabb);
                    }
                }
            } else {
                stack[top] = node.first;
                stack[top + 1] = node.first + 1;
                top += 2;
            }
        }
    }
}

/// Splits the ids of `range` into halves around the median of their boxes' centres along
/// the longer side of `bounds` (the union of their boxes), and returns the length of the
/// first half.
fn split_at_median(range: &mut [u32], aabbs: &[Aabb], bounds: &Aabb) -> usize {
    let ext = bounds.extents();
    let mid = range.len() / 2;
    let along_x = ext.x >= ext.y;
    select_nth_by_key(range, mid, |id| {
        let b = &aabbs[id as usize];
        if along_x {
            b.min.x + b.max.x
        } else {
            b.min.y + b.max.y
        }
    });
    mid
}
