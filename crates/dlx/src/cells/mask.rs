//! Sets of items as `W` machine words: bit `i` of word `i / 64` is item `i`.

/// A set of at most `64 * W` items. `W` is 1, 2 or 4 (64, 128 or 256 items),
/// fixed per matrix, so every operation is a short unrolled loop.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mask<const W: usize>(pub [u64; W]);

impl<const W: usize> Mask<W> {
    pub const EMPTY: Mask<W> = Mask([0; W]);

    #[inline(always)]
    pub fn with(mut self, i: usize) -> Mask<W> {
        self.0[i / 64] |= 1 << (i % 64);
        self
    }

    #[inline(always)]
    pub fn has(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    #[inline(always)]
    pub fn or(&self, o: &Mask<W>) -> Mask<W> {
        let mut r = *self;
        for k in 0..W {
            r.0[k] |= o.0[k];
        }
        r
    }

    #[inline(always)]
    pub fn and_not(&self, o: &Mask<W>) -> Mask<W> {
        let mut r = *self;
        for k in 0..W {
            r.0[k] &= !o.0[k];
        }
        r
    }

    /// The items of the set in increasing order.
    #[inline(always)]
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..W).flat_map(move |k| {
            let mut w = self.0[k];
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some(k * 64 + b)
                }
            })
        })
    }
}
