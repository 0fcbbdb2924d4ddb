//! u128 as a decimal string, for `#[serde(with = "decimal")]`: the
//! counts in checkpoints, shard results and weights. A leaf: `checkpoint`,
//! `shard` and `weight` use it.

use serde::{Deserialize, Deserializer, Serializer, de::Error};

pub fn serialize<S: Serializer>(x: &u128, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&x.to_string())
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
    let s = String::deserialize(d)?;
    s.parse()
        .map_err(|_| D::Error::custom(format!("`{s}` is not a count")))
}
