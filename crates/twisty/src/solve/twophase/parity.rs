//! Permutation parities in phase 2: a phase-1 end can lie in the coset's goal H without lying in
//! G1 (on a cube with slice moves, a state whose pieces are all in their G1-orbits but whose
//! parities G1 cannot make). Each phase-2 reading permutes its pieces; G1's moves change the
//! vector of those permutations' parities by fixed masks, so the vectors G1 reaches are the span
//! of the masks. A phase-1 end outside the span is passed over at once (phase 2 would search in
//! vain up to its depth limit).

/// The parity of a permutation given by images (`perm[i]` distinct, `< perm.len()`): whether
/// it is odd.
pub fn parity<T: Copy + Into<usize>>(perm: &[T]) -> bool {
    let mut seen = vec![false; perm.len()];
    let mut odd = false;
    for start in 0..perm.len() {
        let mut i = start;
        let mut len = 0;
        while !seen[i] {
            seen[i] = true;
            i = perm[i].into();
            len += 1;
        }
        odd ^= len > 0 && len % 2 == 0;
    }
    odd
}

/// The parity vectors (bit `r`: reading `r`'s permutation is odd) reachable from 0 by XOR with
/// `masks`: `reach[v]` for every vector `v < 2^readings`. Empty (no check) beyond 16 readings.
pub fn reachable(masks: &[u32], readings: usize) -> Vec<bool> {
    if readings > 16 {
        return Vec::new();
    }
    let mut reach = vec![false; 1 << readings];
    reach[0] = true;
    let mut stack = vec![0u32];
    while let Some(v) = stack.pop() {
        for &m in masks {
            let w = (v ^ m) as usize;
            if !reach[w] {
                reach[w] = true;
                stack.push(w as u32);
            }
        }
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parities_and_their_span() {
        assert!(!parity(&[0, 1, 2u8]));
        assert!(parity(&[1, 0, 2u8]));
        assert!(!parity(&[1, 2, 0u8]));
        assert!(parity(&[1, 2, 3, 0u8]));
        // Moves that change two parities at once never change one alone.
        assert_eq!(reachable(&[0b11], 2), vec![true, false, false, true]);
        assert_eq!(reachable(&[0b01, 0b10], 2), vec![true; 4]);
    }
}
