//! Which symmetries count as "the same solution" ([`GroupChoice`]), by
//! name: below `puzzle` (whose expectations name a group) and `symmetry`
//! (which gives the choice its symmetries, `GroupChoice::keeps`); it uses
//! neither.

/// Which symmetries count as "the same solution".
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum GroupChoice {
    /// Every symmetry of the puzzle: rotations and reflections.
    #[default]
    Full,
    /// Proper motions only: rotations (in 2D and 3D alike), no reflection.
    Rotations,
    /// No symmetry: every solution is distinct.
    None,
}

impl GroupChoice {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            GroupChoice::Full => "full",
            GroupChoice::Rotations => "rotations",
            GroupChoice::None => "none",
        }
    }

    /// The choice of a name, if it is one.
    pub fn from_name(name: &str) -> Option<GroupChoice> {
        match name {
            "full" => Some(GroupChoice::Full),
            "rotations" => Some(GroupChoice::Rotations),
            "none" => Some(GroupChoice::None),
            _ => None,
        }
    }
}

impl std::fmt::Display for GroupChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
