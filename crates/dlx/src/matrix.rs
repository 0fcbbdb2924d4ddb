//! The exact-cover problem as data: items, options and colors.
//!
//! A [`Matrix`] is immutable once built and can be shared by any number of
//! [`Solver`](crate::Solver)s (one per thread). It is made by a
//! [`MatrixBuilder`], which checks every rule the solver relies on and reports
//! a typed [`MatrixError`] otherwise.
//!
//! Vocabulary (Knuth, TAOCP 7.2.2.1):
//! * an *item* is a column; *primary* items must be covered (exactly once, or
//!   a number of times within their bounds), *secondary* items at most once,
//!   or by any number of options that agree on the item's *color*;
//! * an *option* is a row: a set of items, each secondary one possibly with a
//!   color. Every option holds at least one primary item.

use crate::bits_tables::{BitsTables, TablesCache};
use std::collections::HashMap;
use std::fmt;
use std::num::NonZeroU32;
use std::sync::Arc;

/// The largest number of items or nodes a matrix may hold. Links are `u32`
/// indices, and the solver's node array needs room for headers and spacers.
pub const MAX_INDEX: usize = (u32::MAX / 2) as usize;

/// An item, by its position in the matrix: primary items come first, in the
/// order they were declared, then the secondary items.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId(pub(crate) u32);

impl ItemId {
    /// The item's position, `0..matrix.num_items()`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An option, by its position in the order options were added.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OptionId(pub(crate) u32);

impl OptionId {
    /// The option's position, `0..matrix.num_options()`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The option at position `index`. The caller keeps it below
    /// `matrix.num_options()`; other values name no option.
    pub fn from_index(index: usize) -> OptionId {
        OptionId(index as u32)
    }
}

/// A color a secondary item can take in an option; colors are interned by
/// name in the builder, so equal names give equal colors.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Color(pub(crate) NonZeroU32);

impl Color {
    /// The color's number, `1..=matrix.num_colors()`.
    pub fn get(self) -> u32 {
        self.0.get()
    }
}

/// One item of an option, with its color if it has one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The item.
    pub item: ItemId,
    /// Its color in this option (secondary items only), or none.
    pub color: Option<Color>,
}

/// Why a matrix could not be built. Each variant names what is wrong, so a
/// front end can tell the user what to fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatrixError {
    /// An item name was declared twice.
    DuplicateItem(String),
    /// An option or a lookup named an item that was never declared.
    UnknownItem(String),
    /// An item name is empty or holds a blank, `:` or `|`.
    BadName(String),
    /// A primary item was declared after a secondary one.
    PrimaryAfterSecondary(String),
    /// Bounds `lo..=hi` of a primary item with `lo > hi` or `hi == 0`.
    BadBounds {
        /// The item's name.
        item: String,
        /// The lower bound given.
        lo: u32,
        /// The upper bound given.
        hi: u32,
    },
    /// The same item appears twice in one option.
    ItemTwiceInOption(String),
    /// An option with no items.
    EmptyOption,
    /// An option whose items are all secondary.
    NoPrimaryItem,
    /// A color given to a primary item.
    ColorOnPrimary(String),
    /// More items than the index type holds.
    TooManyItems(usize),
    /// More nodes (item entries plus spacers) than the index type holds.
    TooManyNodes(usize),
    /// More options than the index type holds.
    TooManyOptions(usize),
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MatrixError::*;
        match self {
            DuplicateItem(n) => write!(
                f,
                "item `{n}` is declared twice",
                n = crate::format::clip(n)
            ),
            UnknownItem(n) => write!(f, "unknown item `{n}`", n = crate::format::clip(n)),
            BadName(n) => write!(
                f,
                "bad item name `{n}`: names must be non-empty and hold no blank, `:` or `|`",
                n = crate::format::clip(n)
            ),
            PrimaryAfterSecondary(n) => write!(
                f,
                "primary item `{n}` is declared after a secondary item; declare all primary items first",
                n = crate::format::clip(n)
            ),
            BadBounds { item, lo, hi } => write!(
                f,
                "bad bounds {lo}:{hi} on item `{item}`: need lower <= upper and upper >= 1",
                item = crate::format::clip(item)
            ),
            ItemTwiceInOption(n) => write!(
                f,
                "item `{n}` appears twice in one option",
                n = crate::format::clip(n)
            ),
            EmptyOption => write!(f, "an option has no items"),
            NoPrimaryItem => write!(f, "an option has no primary item"),
            ColorOnPrimary(n) => write!(
                f,
                "primary item `{n}` has a color; only secondary items take colors",
                n = crate::format::clip(n)
            ),
            TooManyItems(n) => write!(f, "too many items ({n}; at most {MAX_INDEX})"),
            TooManyNodes(n) => write!(f, "too many nodes ({n}; at most {MAX_INDEX})"),
            TooManyOptions(n) => write!(f, "too many options ({n}; at most {MAX_INDEX})"),
        }
    }
}

impl std::error::Error for MatrixError {}

/// Checks that `name` can be written in Knuth's DLX format.
pub(crate) fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_whitespace() || c == ':' || c == '|')
}

/// An exact-cover problem, ready to be solved.
///
/// Invariants (checked by [`MatrixBuilder::build`]): items `0..num_primary`
/// are primary and the rest secondary; every option is non-empty, holds at
/// least one primary item, no item twice, and colors only on secondary items.
#[derive(Clone, Debug)]
pub struct Matrix {
    /// `names[i]`: the name of item `i`.
    names: Vec<String>,
    /// The number of primary items; they are items `0..num_primary`.
    num_primary: usize,
    /// `bounds[i] = (lo, hi)` for primary item `i`: it must be covered by at
    /// least `lo` and at most `hi` of the chosen options; `(1, 1)` is plain
    /// exact cover.
    bounds: Vec<(u32, u32)>,
    /// Option `k` is `entries[starts[k]..starts[k + 1]]`. Shared: the
    /// options never change once built, and a matrix with one more item
    /// ([`with_secondary`](Self::with_secondary)) has the same.
    starts: Arc<Vec<u32>>,
    entries: Arc<Vec<Entry>>,
    /// `colors[c - 1]`: the name of color `c`.
    colors: Vec<String>,
    /// The bitset engine's tables, built by the first solver that needs
    /// them and shared by all the others.
    bits: TablesCache,
    /// The cell engine's tables, likewise.
    cells: crate::cells::tables::TablesCache,
}

impl Matrix {
    /// The number of items, primary and secondary.
    pub fn num_items(&self) -> usize {
        self.names.len()
    }

    /// The number of primary items (items `0..num_primary()`).
    pub fn num_primary(&self) -> usize {
        self.num_primary
    }

    /// The number of secondary items.
    pub fn num_secondary(&self) -> usize {
        self.names.len() - self.num_primary
    }

    /// The number of options.
    pub fn num_options(&self) -> usize {
        self.starts.len() - 1
    }

    /// The number of item entries in all options (Knuth's "nodes" less the
    /// headers and spacers).
    pub fn num_entries(&self) -> usize {
        self.entries.len()
    }

    /// The number of distinct colors.
    pub fn num_colors(&self) -> usize {
        self.colors.len()
    }

    /// Does any option give a secondary item a color? Without colors the
    /// solver runs Algorithm X, with them Algorithm C.
    pub fn has_colors(&self) -> bool {
        !self.colors.is_empty()
    }

    /// Does any primary item have bounds other than `1:1`? Then the solver
    /// runs Algorithm M.
    pub fn has_multiplicities(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    /// The name of an item.
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.names[item.index()]
    }

    /// Is `item` primary?
    pub fn is_primary(&self, item: ItemId) -> bool {
        item.index() < self.num_primary
    }

    /// The bounds `(lo, hi)` of a primary item; `(1, 1)` unless declared.
    /// Secondary items report `(0, 1)`.
    pub fn bounds(&self, item: ItemId) -> (u32, u32) {
        self.bounds.get(item.index()).copied().unwrap_or((0, 1))
    }

    /// The item called `name`, if there is one.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| ItemId(i as u32))
    }

    /// All items in order.
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        (0..self.names.len() as u32).map(ItemId)
    }

    /// The entries of option `opt`, in the order they were given.
    pub fn option(&self, opt: OptionId) -> &[Entry] {
        let k = opt.index();
        &self.entries[self.starts[k] as usize..self.starts[k + 1] as usize]
    }

    /// All options in order.
    pub fn options(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        (0..self.num_options() as u32).map(OptionId)
    }

    /// The name of a color.
    pub fn color_name(&self, color: Color) -> &str {
        &self.colors[color.get() as usize - 1]
    }

    /// The same items with only the options `keep` accepts, in their order;
    /// and, for each option of the new matrix, its id in this one. Used to
    /// restrict a piece to some of its placements (symmetry breaking).
    pub fn retain_options(
        &self,
        mut keep: impl FnMut(OptionId) -> bool,
    ) -> (Matrix, Vec<OptionId>) {
        let mut starts = vec![0];
        // Room for every entry: the unused end is never touched.
        let mut entries = Vec::with_capacity(self.entries.len());
        let mut old = Vec::new();
        for opt in self.options() {
            if keep(opt) {
                entries.extend_from_slice(self.option(opt));
                starts.push(entries.len() as u32);
                old.push(opt);
            }
        }
        let m = Matrix {
            names: self.names.clone(),
            num_primary: self.num_primary,
            bounds: self.bounds.clone(),
            starts: Arc::new(starts),
            entries: Arc::new(entries),
            colors: self.colors.clone(),
            bits: TablesCache::default(),
            cells: Default::default(),
        };
        (m, old)
    }

    /// The same matrix with one more secondary item, `name`, after the
    /// others and in no option: the same solutions, but another matrix by
    /// its DLX text (which names the item). Items, options and colors are
    /// copied as they are, not declared again through a builder (which
    /// costs a hash of every item name and entry). Errors as
    /// [`MatrixBuilder::secondary`]'s.
    pub fn with_secondary(&self, name: &str) -> Result<Matrix, MatrixError> {
        if !valid_name(name) {
            return Err(MatrixError::BadName(name.to_string()));
        }
        if self.item(name).is_some() {
            return Err(MatrixError::DuplicateItem(name.to_string()));
        }
        if self.names.len() >= MAX_INDEX {
            return Err(MatrixError::TooManyItems(self.names.len() + 1));
        }
        let mut names = self.names.clone();
        names.push(name.to_string());
        Ok(Matrix {
            names,
            num_primary: self.num_primary,
            bounds: self.bounds.clone(),
            starts: Arc::clone(&self.starts),
            entries: Arc::clone(&self.entries),
            colors: self.colors.clone(),
            bits: TablesCache::default(),
            cells: Default::default(),
        })
    }

    /// The bitset engine's tables for this matrix, built on the first call.
    pub(crate) fn bits_tables(&self) -> &BitsTables {
        self.bits.get_or_build(self)
    }

    /// Does this matrix suit the cell engine? Computed on the first call.
    pub(crate) fn cells_suits(&self) -> bool {
        self.cells.suits(self)
    }

    /// The cell engine's tables for this matrix (which must suit the
    /// engine), built on the first call.
    pub(crate) fn cells_tables(&self) -> &crate::cells::tables::AnyTables {
        self.cells.get_or_build(self)
    }

    /// An option written as Knuth's programs print it: item names separated by
    /// blanks, `item:color` for colored items.
    pub fn option_text(&self, opt: OptionId) -> String {
        let mut s = String::new();
        for (k, e) in self.option(opt).iter().enumerate() {
            if k > 0 {
                s.push(' ');
            }
            s.push_str(self.item_name(e.item));
            if let Some(c) = e.color {
                s.push(':');
                s.push_str(self.color_name(c));
            }
        }
        s
    }
}

/// Builds a [`Matrix`] item by item and option by option.
///
/// ```
/// use dlx::MatrixBuilder;
/// let mut b = MatrixBuilder::new();
/// let a = b.primary("a").unwrap();
/// let x = b.secondary("x").unwrap();
/// let red = b.color("red");
/// b.option(&[(a, None), (x, Some(red))]).unwrap();
/// let m = b.build().unwrap();
/// assert_eq!(m.num_options(), 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct MatrixBuilder {
    names: Vec<String>,
    index: HashMap<String, u32>,
    num_primary: usize,
    bounds: Vec<(u32, u32)>,
    starts: Vec<u32>,
    entries: Vec<Entry>,
    colors: Vec<String>,
    color_index: HashMap<String, Color>,
    /// `seen[i]`: the option number + 1 in which item `i` was last seen, to
    /// find an item given twice in one option without a set.
    seen: Vec<u32>,
}

impl MatrixBuilder {
    /// An empty builder: no items, no options.
    pub fn new() -> MatrixBuilder {
        MatrixBuilder {
            starts: vec![0],
            ..MatrixBuilder::default()
        }
    }

    fn declare(&mut self, name: &str) -> Result<ItemId, MatrixError> {
        if !valid_name(name) {
            return Err(MatrixError::BadName(name.to_string()));
        }
        if self.index.contains_key(name) {
            return Err(MatrixError::DuplicateItem(name.to_string()));
        }
        if self.names.len() >= MAX_INDEX {
            return Err(MatrixError::TooManyItems(self.names.len() + 1));
        }
        let id = self.names.len() as u32;
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), id);
        self.seen.push(0);
        Ok(ItemId(id))
    }

    /// Declares a primary item, to be covered exactly once.
    pub fn primary(&mut self, name: &str) -> Result<ItemId, MatrixError> {
        self.primary_bounds(name, 1, 1)
    }

    /// Declares a primary item to be covered at least `lo` and at most `hi`
    /// times (Knuth's `lo:hi|name` in DLX3's format).
    pub fn primary_bounds(&mut self, name: &str, lo: u32, hi: u32) -> Result<ItemId, MatrixError> {
        if self.names.len() > self.num_primary {
            return Err(MatrixError::PrimaryAfterSecondary(name.to_string()));
        }
        if lo > hi || hi == 0 {
            return Err(MatrixError::BadBounds {
                item: name.to_string(),
                lo,
                hi,
            });
        }
        let id = self.declare(name)?;
        self.num_primary += 1;
        self.bounds.push((lo, hi));
        Ok(id)
    }

    /// Declares a secondary item, to be covered at most once (or by options
    /// that agree on its color).
    pub fn secondary(&mut self, name: &str) -> Result<ItemId, MatrixError> {
        self.declare(name)
    }

    /// The item called `name`, if declared.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.index.get(name).map(|&i| ItemId(i))
    }

    /// Is a declared item primary?
    pub fn is_primary(&self, item: ItemId) -> bool {
        item.index() < self.num_primary
    }

    /// The name of a declared item.
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.names[item.index()]
    }

    /// The number of items declared so far.
    pub fn num_items(&self) -> usize {
        self.names.len()
    }

    /// The number of options added so far.
    pub fn num_options(&self) -> usize {
        self.starts.len() - 1
    }

    /// The color called `name`, interned on first use.
    pub fn color(&mut self, name: &str) -> Color {
        if let Some(&c) = self.color_index.get(name) {
            return c;
        }
        self.colors.push(name.to_string());
        let c = Color(NonZeroU32::new(self.colors.len() as u32).expect("at least one color"));
        self.color_index.insert(name.to_string(), c);
        c
    }

    /// Adds an option; returns its id. On error nothing is added.
    pub fn option(&mut self, items: &[(ItemId, Option<Color>)]) -> Result<OptionId, MatrixError> {
        if items.is_empty() {
            return Err(MatrixError::EmptyOption);
        }
        let k = self.num_options();
        if k >= MAX_INDEX {
            return Err(MatrixError::TooManyOptions(k + 1));
        }
        // Nodes in the solver: one header per item, one spacer per option plus one.
        let nodes = self.names.len() + self.entries.len() + items.len() + k + 2;
        if nodes > MAX_INDEX {
            return Err(MatrixError::TooManyNodes(nodes));
        }
        let stamp = k as u32 + 1;
        let mut has_primary = false;
        for (n, &(item, color)) in items.iter().enumerate() {
            let i = item.index();
            if i >= self.names.len() {
                self.undo_stamps(&items[..n], stamp);
                return Err(MatrixError::UnknownItem(format!("#{i}")));
            }
            if self.seen[i] == stamp {
                self.undo_stamps(&items[..n], stamp);
                return Err(MatrixError::ItemTwiceInOption(self.names[i].clone()));
            }
            self.seen[i] = stamp;
            if i < self.num_primary {
                if color.is_some() {
                    self.undo_stamps(&items[..=n], stamp);
                    return Err(MatrixError::ColorOnPrimary(self.names[i].clone()));
                }
                has_primary = true;
            }
        }
        if !has_primary {
            self.undo_stamps(items, stamp);
            return Err(MatrixError::NoPrimaryItem);
        }
        self.entries
            .extend(items.iter().map(|&(item, color)| Entry { item, color }));
        self.starts.push(self.entries.len() as u32);
        Ok(OptionId(k as u32))
    }

    /// Forgets that the items of a rejected option were seen, so that a later
    /// option with the same number is checked afresh.
    fn undo_stamps(&mut self, items: &[(ItemId, Option<Color>)], stamp: u32) {
        for &(item, _) in items {
            if let Some(s) = self.seen.get_mut(item.index())
                && *s == stamp
            {
                *s = 0;
            }
        }
    }

    /// Adds an option given by names, each `item` or `item:color`.
    pub fn option_by_names<S: AsRef<str>>(&mut self, names: &[S]) -> Result<OptionId, MatrixError> {
        let mut items = Vec::with_capacity(names.len());
        for n in names {
            let n = n.as_ref();
            let (name, color) = match n.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (n, None),
            };
            let item = self
                .item(name)
                .ok_or_else(|| MatrixError::UnknownItem(name.to_string()))?;
            let color = color.map(|c| self.color(c));
            items.push((item, color));
        }
        self.option(&items)
    }

    /// Finishes the matrix.
    pub fn build(self) -> Result<Matrix, MatrixError> {
        Ok(Matrix {
            names: self.names,
            num_primary: self.num_primary,
            bounds: self.bounds,
            starts: Arc::new(self.starts),
            entries: Arc::new(self.entries),
            colors: self.colors,
            bits: TablesCache::default(),
            cells: Default::default(),
        })
    }
}
