//! A tidy-tree layout (after Reingold and Tilford): children left to right in the order given,
//! each parent centred over its first and last child, and every subtree pushed only as far
//! right of its elder siblings as their outlines, level by level, require. Boxes may be
//! taller than a level and then keep the levels they reach clear.

/// A box to place: its size, and the boxes below it, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub width: f64,
    pub height: f64,
    pub children: Vec<usize>,
}

/// The spacing of a layout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spacing {
    /// From one level's top to the next's.
    pub level_height: f64,
    /// Between neighbouring boxes of a level.
    pub gap: f64,
    /// Between neighbouring trees of a forest.
    pub tree_gap: f64,
}

/// The left and right edges of a subtree at each level from its root's, relative to the
/// root's centre.
type Outline = Vec<(f64, f64)>;

/// The centre x of every item of the forest under `roots`, each item one level below its
/// parent; the leftmost edge is at 0. Items not under a root keep x 0.
pub fn tidy(items: &[Item], roots: &[usize], spacing: Spacing) -> Vec<f64> {
    let mut offsets = vec![0.0; items.len()];
    let (outline, centres) = pack(items, roots, &mut offsets, spacing, spacing.tree_gap);
    let left = outline
        .iter()
        .map(|&(l, _)| l)
        .fold(f64::INFINITY, f64::min);
    let mut x = vec![0.0; items.len()];
    for (&root, centre) in roots.iter().zip(centres) {
        x[root] = centre - left;
        place_below(items, root, &offsets, &mut x);
    }
    x
}

/// The total width of a layout: from 0 to the rightmost edge.
pub fn width(items: &[Item], x: &[f64]) -> f64 {
    items
        .iter()
        .zip(x)
        .map(|(item, x)| x + item.width / 2.0)
        .fold(0.0, f64::max)
}

/// How many levels an item reaches.
pub fn levels(item: &Item, spacing: Spacing) -> usize {
    ((item.height / spacing.level_height).ceil() as usize).max(1)
}

/// Sets the centres of `id`'s subtree from its own and the offsets.
fn place_below(items: &[Item], id: usize, offsets: &[f64], x: &mut [f64]) {
    for &child in &items[id].children {
        x[child] = x[id] + offsets[child];
        place_below(items, child, offsets, x);
    }
}

/// Lays out `id`'s subtree; its outline. The offset of each child from `id` goes to `offsets`.
fn outline(items: &[Item], id: usize, offsets: &mut [f64], spacing: Spacing) -> Outline {
    let item = &items[id];
    let half = item.width / 2.0;
    let mut own: Outline = vec![(-half, half); levels(item, spacing)];
    if item.children.is_empty() {
        return own;
    }
    let (below, centres) = pack(items, &item.children, offsets, spacing, spacing.gap);
    let middle = (centres[0] + centres[centres.len() - 1]) / 2.0;
    for (&child, centre) in item.children.iter().zip(&centres) {
        offsets[child] = centre - middle;
    }
    let below: Outline = below
        .into_iter()
        .map(|(l, r)| (l - middle, r - middle))
        .collect();
    merge(&mut own, &below, 1, 0.0);
    own
}

/// Lays out the subtrees of `ids` side by side, `gap` apart: their joint outline and each
/// one's centre, the first's at 0.
fn pack(
    items: &[Item],
    ids: &[usize],
    offsets: &mut [f64],
    spacing: Spacing,
    gap: f64,
) -> (Outline, Vec<f64>) {
    let mut joint: Outline = Vec::new();
    let mut centres = Vec::with_capacity(ids.len());
    for &id in ids {
        let next = outline(items, id, offsets, spacing);
        let shift = joint
            .iter()
            .zip(&next)
            .map(|(&(_, right), &(left, _))| right - left + gap)
            .fold(f64::NEG_INFINITY, f64::max);
        let shift = if joint.is_empty() { 0.0 } else { shift };
        merge(&mut joint, &next, 0, shift);
        centres.push(shift);
    }
    (joint, centres)
}

/// Widens `outline` by `other` shifted right by `shift`, from level `from` of `outline` on.
fn merge(outline: &mut Outline, other: &Outline, from: usize, shift: f64) {
    for (k, &(left, right)) in other.iter().enumerate() {
        let (left, right) = (left + shift, right + shift);
        match outline.get_mut(from + k) {
            Some(edges) => *edges = (edges.0.min(left), edges.1.max(right)),
            None => outline.push((left, right)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPACING: Spacing = Spacing {
        level_height: 50.0,
        gap: 10.0,
        tree_gap: 30.0,
    };

    fn leaf(width: f64) -> Item {
        Item {
            width,
            height: 20.0,
            children: Vec::new(),
        }
    }

    fn parent(children: Vec<usize>) -> Item {
        Item {
            width: 20.0,
            height: 20.0,
            children,
        }
    }

    #[test]
    fn leaves_sit_side_by_side_and_the_parent_over_their_middle() {
        let items = vec![parent(vec![1, 2, 3]), leaf(20.0), leaf(40.0), leaf(20.0)];
        let x = tidy(&items, &[0], SPACING);
        assert_eq!(x[1], 10.0);
        assert_eq!(x[2], 10.0 + 10.0 + 10.0 + 20.0);
        assert_eq!(x[3], 50.0 + 20.0 + 10.0 + 10.0);
        assert_eq!(x[0], (x[1] + x[3]) / 2.0);
        assert_eq!(width(&items, &x), 100.0);
    }

    #[test]
    fn a_shallow_subtree_tucks_in_beside_a_wide_one_below_it() {
        // 0 has children 1 (with three wide leaves) and 2 (a leaf): 2 only has to clear 1's
        // own box at level 1, not 1's leaves at level 2.
        let items = vec![
            parent(vec![1, 2]),
            parent(vec![3, 4, 5]),
            leaf(20.0),
            leaf(60.0),
            leaf(60.0),
            leaf(60.0),
        ];
        let x = tidy(&items, &[0], SPACING);
        assert_eq!(x[2] - x[1], 20.0 + 10.0);
        // No two boxes of a level overlap.
        assert!(x[4] - x[3] >= 70.0 && x[5] - x[4] >= 70.0);
    }

    #[test]
    fn a_tall_box_keeps_the_next_level_clear() {
        // 1 is a tall leaf reaching level 2; 2's child at level 2 must clear it.
        let tall = Item {
            width: 40.0,
            height: 90.0,
            children: Vec::new(),
        };
        let items = vec![parent(vec![1, 2]), tall, parent(vec![3]), leaf(20.0)];
        let x = tidy(&items, &[0], SPACING);
        assert!(x[3] - 10.0 >= x[1] + 20.0 + 10.0, "{x:?}");
    }

    #[test]
    fn trees_of_a_forest_stand_apart() {
        let items = vec![leaf(20.0), leaf(20.0)];
        let x = tidy(&items, &[0, 1], SPACING);
        assert_eq!(x, vec![10.0, 60.0]);
    }
}
