//! Colors: parsing a piece's `color` key (`#rgb`, `#rrggbb` or a CSS color
//! name), the palette pieces without one get, and the shades drawings use.

use std::fmt;

/// A color as red, green, blue bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The color `f` of the way to black (`f` = 0: unchanged, 1: black).
    pub fn darker(self, f: f64) -> Rgb {
        let s = |c: u8| (c as f64 * (1.0 - f)).round() as u8;
        Rgb(s(self.0), s(self.1), s(self.2))
    }

    /// The color `f` of the way to white.
    pub fn lighter(self, f: f64) -> Rgb {
        let s = |c: u8| (c as f64 + (255.0 - c as f64) * f).round() as u8;
        Rgb(s(self.0), s(self.1), s(self.2))
    }

    /// Perceived brightness, 0 (black) to 1 (white).
    pub fn luma(self) -> f64 {
        (0.299 * self.0 as f64 + 0.587 * self.1 as f64 + 0.114 * self.2 as f64) / 255.0
    }

    /// The outline drawn around a piece of this color: much darker, but a
    /// dark piece gets a darker grey-black rather than pure black.
    pub fn outline(self) -> Rgb {
        if self.luma() < 0.25 {
            Rgb(17, 17, 17)
        } else {
            self.darker(0.55)
        }
    }
}

impl fmt::Display for Rgb {
    /// `#rrggbb`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The palette for pieces without a `color`: 18 colors that stay apart from
/// each other, from white and from the light grey of empty cells (after
/// Sasha Trubetskoy's "20 simple, distinct colors", without grey and white).
pub const PALETTE: [Rgb; 18] = [
    Rgb(0xe6, 0x19, 0x4b), // red
    Rgb(0x3c, 0xb4, 0x4b), // green
    Rgb(0xff, 0xe1, 0x19), // yellow
    Rgb(0x43, 0x63, 0xd8), // blue
    Rgb(0xf5, 0x82, 0x31), // orange
    Rgb(0x91, 0x1e, 0xb4), // purple
    Rgb(0x42, 0xd4, 0xf4), // cyan
    Rgb(0xf0, 0x32, 0xe6), // magenta
    Rgb(0xbf, 0xef, 0x45), // lime
    Rgb(0xfa, 0xbe, 0xd4), // pink
    Rgb(0x46, 0x99, 0x90), // teal
    Rgb(0xdc, 0xbe, 0xff), // lavender
    Rgb(0x9a, 0x63, 0x24), // brown
    Rgb(0x80, 0x00, 0x00), // maroon
    Rgb(0xaa, 0xff, 0xc3), // mint
    Rgb(0x80, 0x80, 0x00), // olive
    Rgb(0xff, 0xd8, 0xb1), // apricot
    Rgb(0x00, 0x00, 0x75), // navy
];

/// The CSS named colors (CSS Color Module Level 4), name and `rrggbb`.
const CSS_NAMES: &str = "aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 \
azure f0ffff beige f5f5dc bisque ffe4c4 black 000000 blanchedalmond ffebcd blue 0000ff \
blueviolet 8a2be2 brown a52a2a burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 \
chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff \
darkblue 00008b darkcyan 008b8b darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 \
darkgrey a9a9a9 darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 \
darkorchid 9932cc darkred 8b0000 darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b \
darkslategray 2f4f4f darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 \
deeppink ff1493 deepskyblue 00bfff dimgray 696969 dimgrey 696969 dodgerblue 1e90ff \
firebrick b22222 floralwhite fffaf0 forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc \
ghostwhite f8f8ff gold ffd700 goldenrod daa520 gray 808080 green 008000 greenyellow adff2f \
grey 808080 honeydew f0fff0 hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 \
khaki f0e68c lavender e6e6fa lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd \
lightblue add8e6 lightcoral f08080 lightcyan e0ffff lightgoldenrodyellow fafad2 \
lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 lightsalmon ffa07a \
lightseagreen 20b2aa lightskyblue 87cefa lightslategray 778899 lightslategrey 778899 \
lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 limegreen 32cd32 linen faf0e6 \
magenta ff00ff maroon 800000 mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 \
mediumpurple 9370db mediumseagreen 3cb371 mediumslateblue 7b68ee mediumspringgreen 00fa9a \
mediumturquoise 48d1cc mediumvioletred c71585 midnightblue 191970 mintcream f5fffa \
mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead navy 000080 oldlace fdf5e6 olive 808000 \
olivedrab 6b8e23 orange ffa500 orangered ff4500 orchid da70d6 palegoldenrod eee8aa \
palegreen 98fb98 paleturquoise afeeee palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 \
peru cd853f pink ffc0cb plum dda0dd powderblue b0e0e6 purple 800080 rebeccapurple 663399 \
red ff0000 rosybrown bc8f8f royalblue 4169e1 saddlebrown 8b4513 salmon fa8072 \
sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d silver c0c0c0 skyblue 87ceeb \
slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa springgreen 00ff7f \
steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 turquoise 40e0d0 \
violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32";

fn hex_digits(s: &str) -> Option<Rgb> {
    let v = |i: usize, n: usize| u8::from_str_radix(s.get(i..i + n)?, 16).ok();
    match s.len() {
        6 => Some(Rgb(v(0, 2)?, v(2, 2)?, v(4, 2)?)),
        3 => Some(Rgb(v(0, 1)? * 17, v(1, 1)? * 17, v(2, 1)? * 17)),
        _ => None,
    }
}

/// Parses `#rgb`, `#rrggbb` or a CSS color name (any case, spaces and
/// hyphens ignored, so `"Dark Blue"` is `darkblue`).
pub fn parse(text: &str) -> Option<Rgb> {
    let t = text.trim();
    if let Some(h) = t.strip_prefix('#') {
        return if h.chars().all(|c| c.is_ascii_hexdigit()) {
            hex_digits(h)
        } else {
            None
        };
    }
    let key: String = t
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let mut words = CSS_NAMES.split_ascii_whitespace();
    while let (Some(name), Some(hex)) = (words.next(), words.next()) {
        if name == key {
            return hex_digits(hex);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_hex_and_names() {
        assert_eq!(parse("#ff8000"), Some(Rgb(255, 128, 0)));
        assert_eq!(parse("#F80"), Some(Rgb(255, 136, 0)));
        assert_eq!(parse("Dark Blue"), Some(Rgb(0, 0, 0x8b)));
        assert_eq!(parse("yellowgreen"), Some(Rgb(0x9a, 0xcd, 0x32)));
        assert_eq!(parse("aliceblue"), Some(Rgb(0xf0, 0xf8, 0xff)));
        for bad in ["#ff80", "#gg0000", "blurple", "", "#"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        // Every entry of the table is a name and six hex digits.
        let w: Vec<&str> = CSS_NAMES.split_ascii_whitespace().collect();
        assert_eq!(w.len() % 2, 0);
        assert!(w.chunks(2).all(|p| hex_digits(p[1]).is_some()));
    }

    #[test]
    fn palette_colors_are_far_apart() {
        let d = |a: Rgb, b: Rgb| {
            (a.0 as i32 - b.0 as i32).abs()
                + (a.1 as i32 - b.1 as i32).abs()
                + (a.2 as i32 - b.2 as i32).abs()
        };
        for (i, &a) in PALETTE.iter().enumerate() {
            for &b in &PALETTE[i + 1..] {
                assert!(d(a, b) >= 60, "{a} and {b} are too alike");
            }
        }
    }
}
