//! Counts (`u128`, [`dlx::Count`]) as decimal strings, for
//! `#[serde(with = "decimal")]`: the counts in checkpoints, shard results
//! and weights. A leaf: `checkpoint`, `shard` and `weight` use it.

use serde::{Deserialize, Deserializer, Serializer, de::Error};
use std::fmt::Display;
use std::str::FromStr;

pub fn serialize<T: Display, S: Serializer>(x: &T, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&x.to_string())
}

pub fn deserialize<'de, T: FromStr, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    let s = String::deserialize(d)?;
    s.parse()
        .map_err(|_| D::Error::custom(format!("`{s}` is not a count")))
}
