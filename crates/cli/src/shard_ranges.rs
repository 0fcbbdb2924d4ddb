//! Lists of shards in messages: numbers as ranges, and long lists cut
//! short (`merge` of search and of memo results).

/// At most this many problems, or ranges of missing shards, are shown in
/// a message; the rest are counted.
pub const SHOWN: usize = 10;

/// Shard numbers (in order) as ranges: `1-3`, `5`, `7-9`.
pub fn ranges(shards: &[usize]) -> Vec<String> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for &i in shards {
        match out.last_mut() {
            Some((_, hi)) if *hi + 1 == i => *hi = i,
            _ => out.push((i, i)),
        }
    }
    out.iter()
        .map(|&(lo, hi)| match lo == hi {
            true => lo.to_string(),
            false => format!("{lo}-{hi}"),
        })
        .collect()
}

/// The first [`SHOWN`] items joined by `sep`, and how many more there are.
pub fn bounded(items: &[String], sep: &str) -> String {
    let mut s = items[..items.len().min(SHOWN)].join(sep);
    if items.len() > SHOWN {
        s += &format!("{sep}... ({} more)", items.len() - SHOWN);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_shards_are_listed_as_few_ranges() {
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), ["1-3", "5", "7-8"]);
        assert!(ranges(&[]).is_empty());
        let many: Vec<usize> = (1..=10_000).filter(|i| i % 2 == 0).collect();
        let r = ranges(&many);
        assert_eq!(r.len(), 5_000);
        let shown = bounded(&r, ", ");
        assert!(shown.ends_with("... (4990 more)"), "{shown}");
        assert!(shown.len() < 200, "{shown}");
        assert_eq!(
            bounded(&ranges(&(2..=9_999).collect::<Vec<_>>()), ","),
            "2-9999"
        );
    }
}
