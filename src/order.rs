//! Sorting, written once for the whole app. The standard library's sorts are
//! generic over the element and the comparison, so every call site compiles its own
//! copy (2 to 3 KB of wasm each); this one is a plain merge sort over positions.

use std::cmp::Ordering;

/// The positions `0..len` in the order `cmp` puts them, equal ones as they came (a
/// stable bottom-up merge sort: O(n log n) comparisons, two buffers of positions).
pub fn sorted_positions(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    let mut merged = vec![0; len];
    let mut width = 1;
    while width < len {
        for start in (0..len).step_by(2 * width) {
            let mid = (start + width).min(len);
            let end = (start + 2 * width).min(len);
            let (mut left, mut right) = (start, mid);
            for slot in &mut merged[start..end] {
                let take_left = right == end || (left < mid && cmp(order[left], order[right]) != Ordering::Greater);
                if take_left {
                    *slot = order[left];
                    left += 1;
                } else {
                    *slot = order[right];
                    right += 1;
                }
            }
        }
        std::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    order
}

/// `items` sorted stably by `cmp`.
pub fn sorted_by<T>(items: Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) -> Vec<T> {
    let order = sorted_positions(items.len(), &|a, b| cmp(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pseudo-random vectors of every length up to 70, with many repeats, against
    /// the standard library's stable sort (pairs show whether equal keys kept order).
    #[test]
    fn sorts_as_the_standard_library_does_and_keeps_ties_in_order() {
        let mut seed = 0x2545_f491_u64;
        for len in 0..70 {
            let items: Vec<(u64, usize)> = (0..len)
                .map(|i| {
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    ((seed >> 33) % 7, i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|(k, _)| *k);
            assert_eq!(sorted_by(items, |a, b| a.0.cmp(&b.0)), expected, "length {len}");
        }
    }
}
