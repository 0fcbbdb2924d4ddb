//! The memo engine as a counting backend, as `polycover count` uses it
//! where pieces repeat: plans made by [`orbits::Plan::unweighted`].

use orbits::{Search, SerialSearch, Tally, Weigher};

/// Counts with `dlx::memo`; its figures, like the command line's, are the
/// states the memo engine entered (as nodes), or for an orbit matrix it
/// cannot sweep, the nodes of the search that visits its solutions.
pub struct MemoOnly;

impl Search for MemoOnly {
    type Error = dlx::memo::MemoError;
    fn count(
        &mut self,
        m: &dlx::Matrix,
        weigh: Option<&Weigher<'_>>,
    ) -> Result<Tally, Self::Error> {
        assert!(weigh.is_none(), "an unweighted plan weighs no solution");
        let (found, stats) = self.count_small(m)?;
        Ok(Tally {
            found,
            ..Tally::of(stats)
        })
    }
    fn each(
        &mut self,
        m: &dlx::Matrix,
        f: &mut dyn FnMut(&[dlx::OptionId]),
    ) -> Result<dlx::Stats, Self::Error> {
        Ok(SerialSearch.each(m, f).unwrap())
    }
    fn count_small(&mut self, m: &dlx::Matrix) -> Result<(dlx::Count, dlx::Stats), Self::Error> {
        let Ok(mut memo) = dlx::memo::Memo::new(m) else {
            let stats = self.each(m, &mut |_| {})?;
            return Ok((dlx::Count::from(stats.solutions), stats));
        };
        let n = memo.count()?;
        let stats = dlx::Stats {
            solutions: n.to_u128().unwrap_or(u128::MAX),
            nodes: memo.stats().states,
            updates: 0,
        };
        Ok((n, stats))
    }
}
