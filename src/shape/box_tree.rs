//! A bounding volume hierarchy over a shape's pieces: the parts of a concave polygon
//! (`decompose.rs`) and the segments of a chain (`chain.rs`).
//!
//! The nodes are stored depth-first with skip links: node `k` covers the pieces
//! `start..end` (the pieces are stored in the tree's order) within `bounds`, and its
//! subtree ends before node `skip`. A leaf's `skip` is the next node; an inner node's
//! first child is the next node. A walk ([`each_near`]) then needs no stack, and the
//! pieces come out in their stored order, which both users rely on (ties between pieces
//! go to the first).
//!
//! Each node halves its range of pieces, down to leaves of at most [`LEAF`]. How a range
//! is ordered before it is halved is the caller's: a concave polygon's parts are sorted by
//! their centres along the node's longer side; a chain's segments keep their order along
//! the polyline, which already keeps neighbours together.

use crate::math::Aabb;

/// The most pieces a leaf holds.
pub(super) const LEAF: usize = 4;

/// How a caller orders a range of `(key, index)` pieces, given the range's bounds, before
/// it is halved (see [`build`]).
pub(super) type Arrange<'a> = dyn Fn(&mut [(i64, u32)], &Aabb) + 'a;

/// A node of the hierarchy (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct BoxNode {
    pub(super) bounds: Aabb,
    pub(super) start: u32,
    pub(super) end: u32,
    pub(super) skip: u32,
}

/// [`Aabb::overlaps`] without its early exits: one branch on all four comparisons, which
/// the walk's unpredictable answers need.
#[inline]
pub(super) fn meets(a: &Aabb, b: &Aabb) -> bool {
    (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y)
}

/// Builds the hierarchy over the pieces listed in `order` (`(key, index)` items, `index`
/// into `boxes`): before a range is halved, `arrange` may reorder it (given the range's
/// bounds; the key is the caller's scratch). `order` ends in the tree's order of pieces,
/// the order the caller must store them in.
pub(super) fn build(
    order: &mut [(i64, u32)],
    boxes: &[Aabb],
    arrange: &Arrange<'_>,
) -> Vec<BoxNode> {
    let mut nodes = Vec::with_capacity(2 * order.len() / LEAF + 1);
    split(order, 0, boxes, arrange, &mut nodes);
    nodes
}

/// Adds the node of the pieces `order` (which start at `offset` in the final order) and
/// its subtree to `nodes`.
fn split(
    order: &mut [(i64, u32)],
    offset: usize,
    boxes: &[Aabb],
    arrange: &Arrange<'_>,
    nodes: &mut Vec<BoxNode>,
) {
    let mut bounds = boxes[order[0].1 as usize];
    for &(_, i) in order.iter() {
        bounds = bounds.union(&boxes[i as usize]);
    }
    let here = nodes.len();
    nodes.push(BoxNode {
        bounds,
        start: offset as u32,
        end: (offset + order.len()) as u32,
        skip: here as u32 + 1,
    });
    if order.len() <= LEAF {
        return;
    }
    arrange(order, &bounds);
    let mid = order.len() / 2;
    let (left, right) = order.split_at_mut(mid);
    split(left, offset, boxes, arrange, nodes);
    split(right, offset + mid, boxes, arrange, nodes);
    nodes[here].skip = nodes.len() as u32;
}

/// Calls `visit` with the index of every piece whose box (in `boxes`, stored in the tree's
/// order) meets `near`, in order, until it returns false.
#[inline]
pub(super) fn each_near(
    nodes: &[BoxNode],
    boxes: &[Aabb],
    near: &Aabb,
    mut visit: impl FnMut(usize) -> bool,
) {
    let mut k = 0;
    while let Some(node) = nodes.get(k) {
        if !meets(&node.bounds, near) {
            k = node.skip as usize;
            continue;
        }
        if node.skip as usize == k + 1 {
            let (start, end) = (node.start as usize, node.end as usize);
            for (b, i) in boxes[start..end].iter().zip(start..) {
                if meets(b, near) && !visit(i) {
                    return;
                }
            }
        }
        k += 1;
    }
}
