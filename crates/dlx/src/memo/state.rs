//! The state of a memoized count as a row of `u64` words, and the tables,
//! built once per matrix and item order, that test and change it.
//!
//! # The state
//!
//! The *sweep items* are the primary items with bounds `1:1` or `0:1`; the
//! item order numbers them `0..n`, their *positions*. All other primary
//! items (upper bound 2 or more, or `0:2`...) are *counters*. A state is one
//! row `state[0..words]` of words:
//!
//! * words `0..bit_words`: bit `p` (word `p / 64`, bit `p % 64`) is set when
//!   the sweep item at position `p` is *decided*: covered by a chosen option,
//!   or (for a `0:1` item) left uncovered for good. A decided item takes no
//!   more options either way, so one bit says both.
//! * words `bit_words..words`: *fields* of a few bits each, never straddling
//!   two words: one per counter, how many chosen options hold it; one per
//!   secondary item, `0` while free, `1` once an option without a color
//!   holds it, `c + 1` once options of color `c` hold it.
//!
//! Invariant: every chosen option's sweep bits are set, its counters count
//! it, its secondary fields are nonzero; a counter never exceeds its upper
//! bound; a secondary field is `1` only if exactly one chosen option holds
//! the item, and `c + 1` only if every chosen option holding it gives it
//! color `c`.
//!
//! # Dead options and retired fields
//!
//! The search always branches on the *first* undecided position `p`, so
//! every position before `p` is decided. An option whose first (smallest)
//! position is below `p` is then out of reach for good. Hence each option is
//! listed only under its first position (`by_pos`), and a field whose options
//! all start before `p` can no longer change: it is *retired* at `p`. A
//! retired secondary item is irrelevant to what follows, and a retired
//! counter only matters through "has it reached its lower bound?", which is
//! checked when it retires. The memo key is the state with the retired
//! fields masked out (`live`), so states that differ only there share one
//! entry: that sharing is what makes colors and copies cheap.

use super::MemoError;
use crate::matrix::{ItemId, Matrix, OptionId};

/// A field of a few bits in one state word.
#[derive(Copy, Clone, Debug)]
pub(super) struct Field {
    /// The word that holds it.
    pub word: u32,
    /// Its lowest bit in that word.
    pub shift: u32,
    /// Its width as a mask, not shifted: `(1 << width) - 1`.
    pub mask: u64,
}

impl Field {
    /// The field's value in `state`.
    #[inline]
    pub fn get(self, state: &[u64]) -> u64 {
        (state[self.word as usize] >> self.shift) & self.mask
    }

    /// Sets the field's value (which fits) in `state`.
    #[inline]
    pub fn set(self, state: &mut [u64], v: u64) {
        let w = &mut state[self.word as usize];
        *w = (*w & !(self.mask << self.shift)) | (v << self.shift);
    }
}

/// A counter: a primary item with an upper bound of 2 or more.
#[derive(Copy, Clone, Debug)]
pub(super) struct Counter {
    /// Where its count is kept.
    pub field: Field,
    /// Its lower bound, checked when it retires.
    pub lo: u32,
    /// Its upper bound, checked when an option holding it is taken.
    pub hi: u32,
    /// The position at which it retires: 1 + the largest first position of
    /// an option holding it (0 if no option holds it).
    pub retire: u32,
}

/// The tables of one matrix under one item order. Option `k`'s parts:
/// `opt_bits[bits_start[k]..bits_start[k + 1]]`, its sweep positions as
/// `(word, mask)` with one entry per word touched; `opt_counts[..]` (by
/// `counts_start`), the counters it holds; `opt_secs[..]` (by `secs_start`),
/// its secondary fields with the value it writes (`1` uncolored, `c + 1`
/// color `c`).
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// `order[p]`: the sweep item at position `p`.
    pub order: Vec<ItemId>,
    /// `optional[p]`: is the item at position `p` a `0:1` item?
    pub optional: Vec<bool>,
    /// State words in all, and the first of them holding fields.
    pub words: usize,
    pub bit_words: usize,
    /// The options whose first position is `p`:
    /// `by_pos[pos_start[p]..pos_start[p + 1]]`, in matrix order.
    pub pos_start: Vec<u32>,
    pub by_pos: Vec<u32>,
    pub bits_start: Vec<u32>,
    pub opt_bits: Vec<(u32, u64)>,
    pub counts_start: Vec<u32>,
    pub opt_counts: Vec<u32>,
    pub secs_start: Vec<u32>,
    pub opt_secs: Vec<(Field, u64)>,
    /// The counters, by number.
    pub counters: Vec<Counter>,
    /// The counters with a lower bound above 0, by the position they retire
    /// at; `due[p]`: how many of them have retired at position `p`
    /// (`retire <= p`). At `p = n` all of them have.
    pub lo_order: Vec<u32>,
    pub due: Vec<u32>,
    /// Key masks of the field words, one row of `extra = words - bit_words`
    /// words per distinct set of retired fields: at position `p`, word
    /// `bit_words + j` of the key is masked by `live[r * extra + j]` with
    /// `r = live_row[p]`, keeping the fields not yet retired. Row 0 keeps
    /// every field.
    pub live: Vec<u64>,
    pub live_row: Vec<u32>,
}

/// The most words the key masks may take (32 MiB); past that, fields do
/// not retire.
const MAX_LIVE_WORDS: usize = 1 << 22;

/// Bits needed to hold values `0..=v`.
fn width(v: u64) -> u32 {
    64 - v.leading_zeros().min(63)
}

/// Packs fields of the given widths into words from `first` on; returns
/// them and the number of words used in all.
fn pack(widths: &[u32], first: usize) -> (Vec<Field>, usize) {
    let mut word = first;
    let mut used = 0;
    let mut fields = Vec::with_capacity(widths.len());
    for &w in widths {
        if used + w > 64 {
            word += 1;
            used = 0;
        }
        let mask = if w == 64 { u64::MAX } else { (1 << w) - 1 };
        fields.push(Field {
            word: word as u32,
            shift: used,
            mask,
        });
        used += w;
    }
    let words = if widths.is_empty() { first } else { word + 1 };
    (fields, words)
}

/// Is an item with these bounds a sweep item?
pub(super) fn is_sweep(bounds: (u32, u32)) -> bool {
    bounds.1 == 1
}

impl Layout {
    /// The tables for `matrix` with the sweep items in `order` (each sweep
    /// item exactly once). Fails if an option holds no sweep item.
    pub fn new(matrix: &Matrix, order: Vec<ItemId>) -> Result<Layout, MemoError> {
        let n = order.len();
        let mut pos = vec![u32::MAX; matrix.num_items()];
        for (p, &i) in order.iter().enumerate() {
            pos[i.index()] = p as u32;
        }
        // Counters and secondary items get fields after the sweep bits.
        let bit_words = n.div_ceil(64).max(1);
        let counter_items: Vec<ItemId> = (0..matrix.num_primary())
            .map(|i| ItemId(i as u32))
            .filter(|&i| !is_sweep(matrix.bounds(i)))
            .collect();
        let mut counter_no = vec![u32::MAX; matrix.num_items()];
        let mut widths: Vec<u32> = Vec::new();
        for (c, &i) in counter_items.iter().enumerate() {
            counter_no[i.index()] = c as u32;
            widths.push(width(u64::from(matrix.bounds(i).1)));
        }
        let sec_width = width(matrix.num_colors() as u64 + 1);
        widths.extend((0..matrix.num_secondary()).map(|_| sec_width));
        let (fields, words) = pack(&widths, bit_words);
        let nc = counter_items.len();
        let mut layout = Layout {
            order,
            optional: Vec::new(),
            words,
            bit_words,
            pos_start: Vec::new(),
            by_pos: Vec::new(),
            bits_start: vec![0],
            opt_bits: Vec::new(),
            counts_start: vec![0],
            opt_counts: Vec::new(),
            secs_start: vec![0],
            opt_secs: Vec::new(),
            counters: Vec::with_capacity(nc),
            lo_order: Vec::new(),
            due: Vec::new(),
            live: Vec::new(),
            live_row: Vec::new(),
        };
        layout.optional = layout
            .order
            .iter()
            .map(|&i| matrix.bounds(i) == (0, 1))
            .collect();
        for (c, &i) in counter_items.iter().enumerate() {
            let (lo, hi) = matrix.bounds(i);
            layout.counters.push(Counter {
                field: fields[c],
                lo,
                hi,
                retire: 0,
            });
        }
        let mut sec_retire = vec![0u32; matrix.num_secondary()];
        let first =
            layout.add_options(matrix, &pos, &counter_no, &fields[nc..], &mut sec_retire)?;
        layout.index_by_position(&first);
        layout.build_retirement(&fields[nc..], &sec_retire);
        Ok(layout)
    }

    /// Fills the per-option tables; returns each option's first position,
    /// and records in each counter and secondary item the position it
    /// retires at.
    fn add_options(
        &mut self,
        matrix: &Matrix,
        pos: &[u32],
        counter_no: &[u32],
        sec_fields: &[Field],
        sec_retire: &mut [u32],
    ) -> Result<Vec<u32>, MemoError> {
        let np = matrix.num_primary();
        let mut firsts = Vec::with_capacity(matrix.num_options());
        let mut bits: Vec<(u32, u64)> = Vec::new();
        for opt in matrix.options() {
            let entries = matrix.option(opt);
            let first = entries
                .iter()
                .map(|e| pos[e.item.index()])
                .min()
                .filter(|&p| p != u32::MAX)
                .ok_or(MemoError::NoSweepItem(opt))?;
            firsts.push(first);
            bits.clear();
            for e in entries {
                let i = e.item.index();
                if pos[i] != u32::MAX {
                    let p = pos[i];
                    bits.push((p / 64, 1 << (p % 64)));
                } else if i < np {
                    let c = counter_no[i];
                    self.opt_counts.push(c);
                    let r = &mut self.counters[c as usize].retire;
                    *r = (*r).max(first + 1);
                } else {
                    let s = i - np;
                    let v = e.color.map_or(1, |c| u64::from(c.get()) + 1);
                    self.opt_secs.push((sec_fields[s], v));
                    sec_retire[s] = sec_retire[s].max(first + 1);
                }
            }
            bits.sort_unstable();
            let start = self.opt_bits.len();
            for &(w, m) in bits.iter() {
                match self.opt_bits[start..].last_mut() {
                    Some(last) if last.0 == w => last.1 |= m,
                    _ => self.opt_bits.push((w, m)),
                }
            }
            self.bits_start.push(self.opt_bits.len() as u32);
            self.counts_start.push(self.opt_counts.len() as u32);
            self.secs_start.push(self.opt_secs.len() as u32);
        }
        Ok(firsts)
    }

    /// Lists each option under its first position.
    fn index_by_position(&mut self, first: &[u32]) {
        let n = self.order.len();
        let mut start = vec![0u32; n + 1];
        for &p in first {
            start[p as usize + 1] += 1;
        }
        for p in 0..n {
            start[p + 1] += start[p];
        }
        let mut fill = start.clone();
        self.by_pos = vec![0; first.len()];
        for (k, &p) in first.iter().enumerate() {
            self.by_pos[fill[p as usize] as usize] = k as u32;
            fill[p as usize] += 1;
        }
        self.pos_start = start;
    }

    /// The key masks by position and the lower-bound checks by position.
    fn build_retirement(&mut self, sec_fields: &[Field], sec_retire: &[u32]) {
        let n = self.order.len();
        let extra = self.words - self.bit_words;
        // (retire position, field) of every field; a field is live at p < retire.
        let mut events: Vec<(u32, Field)> =
            self.counters.iter().map(|c| (c.retire, c.field)).collect();
        events.extend(sec_retire.iter().copied().zip(sec_fields.iter().copied()));
        events.sort_unstable_by_key(|e| e.0);
        let mut rows = 1 + events.iter().filter(|e| e.0 <= n as u32).count();
        if rows.saturating_mul(extra) > MAX_LIVE_WORDS {
            // Too many masks to keep: no field retires (same counts, less sharing).
            events.clear();
            rows = 1;
        }
        let mut mask = vec![u64::MAX; extra];
        self.live = Vec::with_capacity(rows * extra);
        self.live.extend_from_slice(&mask);
        self.live_row = Vec::with_capacity(n + 1);
        let mut next = 0;
        for p in 0..=n as u32 {
            let before = next;
            while next < events.len() && events[next].0 <= p {
                let f = events[next].1;
                mask[f.word as usize - self.bit_words] &= !(f.mask << f.shift);
                next += 1;
            }
            if next > before {
                self.live.extend_from_slice(&mask);
            }
            self.live_row
                .push((self.live.len() / extra.max(1)).saturating_sub(1) as u32);
        }
        let mut lo: Vec<u32> = (0..self.counters.len() as u32)
            .filter(|&c| self.counters[c as usize].lo > 0)
            .collect();
        lo.sort_unstable_by_key(|&c| self.counters[c as usize].retire);
        let mut k = 0;
        self.due = (0..=n as u32)
            .map(|p| {
                while k < lo.len() && self.counters[lo[k] as usize].retire <= p {
                    k += 1;
                }
                k as u32
            })
            .collect();
        // At the end every counter is checked, retired or not.
        self.due[n] = lo.len() as u32;
        self.lo_order = lo;
    }

    /// The number of sweep positions.
    pub fn positions(&self) -> usize {
        self.order.len()
    }

    /// A state with nothing chosen.
    pub fn initial(&self) -> Vec<u64> {
        vec![0; self.words]
    }

    /// The first undecided position at or after `from`, or `n` if none.
    #[inline]
    pub fn first_open(&self, state: &[u64], from: usize) -> usize {
        if from >= self.order.len() {
            return self.order.len();
        }
        let mut w = from / 64;
        let mut word = state[w] | ((1u64 << (from % 64)) - 1);
        loop {
            if word != u64::MAX {
                return (w * 64 + word.trailing_ones() as usize).min(self.order.len());
            }
            w += 1;
            if w >= self.bit_words {
                return self.order.len();
            }
            word = state[w];
        }
    }

    /// Have all counters retired at position `p` reached their lower
    /// bounds? (At `p = n`: all counters.)
    #[inline]
    pub fn lows_met(&self, state: &[u64], p: usize) -> bool {
        self.lo_order[..self.due[p] as usize].iter().all(|&c| {
            let c = &self.counters[c as usize];
            c.field.get(state) >= u64::from(c.lo)
        })
    }

    /// Writes the memo key of `state` at position `p` into `key`.
    #[inline]
    pub fn key(&self, state: &[u64], p: usize, key: &mut [u64]) {
        let b = self.bit_words;
        key[..b].copy_from_slice(&state[..b]);
        let extra = self.words - b;
        let r = self.live_row[p] as usize;
        let live = &self.live[r * extra..(r + 1) * extra];
        for j in 0..extra {
            key[b + j] = state[b + j] & live[j];
        }
    }

    /// The options listed under position `p`.
    #[inline]
    pub fn options_at(&self, p: usize) -> &[u32] {
        &self.by_pos[self.pos_start[p] as usize..self.pos_start[p + 1] as usize]
    }

    /// Takes option `k` into `state` if it fits (its sweep items all
    /// undecided, its counters below their upper bounds, its secondary items
    /// free or of its color); returns whether it did. On `false` the state
    /// is unchanged.
    #[inline]
    pub fn take(&self, state: &mut [u64], k: usize) -> bool {
        let bits = &self.opt_bits[self.bits_start[k] as usize..self.bits_start[k + 1] as usize];
        if bits.iter().any(|&(w, m)| state[w as usize] & m != 0) {
            return false;
        }
        let counts =
            &self.opt_counts[self.counts_start[k] as usize..self.counts_start[k + 1] as usize];
        let counters = &self.counters;
        if counts.iter().any(|&c| {
            let c = &counters[c as usize];
            c.field.get(state) >= u64::from(c.hi)
        }) {
            return false;
        }
        let secs = &self.opt_secs[self.secs_start[k] as usize..self.secs_start[k + 1] as usize];
        if secs.iter().any(|&(f, v)| {
            let cur = f.get(state);
            cur != 0 && (v == 1 || cur != v)
        }) {
            return false;
        }
        for &(w, m) in bits {
            state[w as usize] |= m;
        }
        for &c in counts {
            let f = counters[c as usize].field;
            let v = f.get(state);
            f.set(state, v + 1);
        }
        for &(f, v) in secs {
            f.set(state, v);
        }
        true
    }

    /// Marks position `p` decided (a `0:1` item left uncovered).
    #[inline]
    pub fn skip(&self, state: &mut [u64], p: usize) {
        state[p / 64] |= 1 << (p % 64);
    }

    /// Takes the given options one by one; `false` (state partly changed)
    /// if one of them does not fit with the ones before.
    pub fn take_all(&self, state: &mut [u64], options: &[OptionId]) -> bool {
        options.iter().all(|o| self.take(state, o.index()))
    }
}
