//! A picture of a game's state for viewers ([`Contest::scene`](crate::Contest::scene)):
//! boards of cells, pieces on them and a few numbers per seat, in plain data a viewer draws
//! without knowing the game.
//!
//! Coordinates are in cells, `x` to the right and `y` down from a board's top-left corner,
//! whatever the game's own axes are. A cell is one character of [`Board::cells`]; what each
//! character means and how it looks is the game's [`Contest::PALETTE`](crate::Contest::PALETTE).

use alloc::string::String;
use alloc::vec::Vec;

/// The colours a viewer draws the first seats in (their pieces, meters and names): seat `n`
/// in `SEAT_COLOURS[n]`. No game's palette holds a colour that could be taken for one of them
/// (`testing::check_contest` measures it: a distance of at least [`SEAT_COLOUR_GAP`] in CIE
/// Lab). Seats beyond are drawn in hues spread by the golden angle.
pub const SEAT_COLOURS: [&str; 6] = [
    "#3949ab", // indigo
    "#2e7d32", // green
    "#c2185b", // raspberry
    "#00897b", // teal
    "#9e9d24", // olive
    "#7cb342", // light green
];

/// The least colour distance (CIE76 ΔE in Lab) between a seat colour and any palette colour.
pub const SEAT_COLOUR_GAP: f64 = 25.0;

/// What a mark (a cell's character or a piece's [`Piece::mark`]) means and its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Swatch {
    /// The character.
    pub mark: char,
    /// What it stands for, in a few words (the viewer's legend).
    pub meaning: &'static str,
    /// A CSS colour.
    pub colour: &'static str,
}

impl Swatch {
    /// The swatch of `mark`.
    pub const fn new(mark: char, meaning: &'static str, colour: &'static str) -> Self {
        Swatch {
            mark,
            meaning,
            colour,
        }
    }
}

/// A game's state as a viewer draws it.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Scene {
    /// The boards, drawn side by side in this order.
    pub boards: Vec<Board>,
    /// The pieces, drawn over the boards in this order.
    pub pieces: Vec<Piece>,
    /// Numbers per seat (health, score, lives), drawn as a table.
    pub meters: Vec<Meter>,
}

/// A rectangle of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Board {
    /// A caption (empty for none).
    pub title: String,
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
    /// One ASCII character per cell, row by row from the top, `width * height` in all.
    pub cells: String,
}

impl Board {
    /// A `width` x `height` board of `fill` cells (`?` for a mark that is not ASCII).
    pub fn filled(title: impl Into<String>, width: u16, height: u16, fill: char) -> Self {
        let n = usize::from(width) * usize::from(height);
        Board {
            title: title.into(),
            width,
            height,
            cells: core::iter::repeat_n(ascii(fill), n).collect(),
        }
    }

    /// Sets the cell at column `x`, row `y` (from the top) to `mark` (`?` for a mark that is
    /// not ASCII); nothing for a cell off the board.
    pub fn set(&mut self, x: i32, y: i32, mark: char) {
        if x < 0 || y < 0 || x >= i32::from(self.width) || y >= i32::from(self.height) {
            return;
        }
        let at = y as usize * usize::from(self.width) + x as usize;
        let mut buf = [0; 4];
        // Every cell is one ASCII byte, so cell `at` is byte `at`.
        if at < self.cells.len() {
            self.cells
                .replace_range(at..at + 1, ascii(mark).encode_utf8(&mut buf));
        }
    }
}

fn ascii(mark: char) -> char {
    if mark.is_ascii() { mark } else { '?' }
}

/// How a piece is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Shape {
    /// A filled square.
    Square,
    /// A filled disc.
    Disc,
    /// A circle outline.
    Ring,
}

/// Something on a board: a player, a ship's cell, a bomb.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Piece {
    /// The board's index in [`Scene::boards`].
    pub board: u8,
    /// The centre's column, in cells (0.5 is the middle of the first column).
    pub x: f32,
    /// The centre's row from the top, in cells.
    pub y: f32,
    /// Its width in cells.
    pub size: f32,
    /// The shape.
    pub shape: Shape,
    /// The seat it belongs to (drawn in that seat's colour), if any.
    pub seat: Option<u8>,
    /// Its mark in the palette (the colour of a piece of no seat, and the legend).
    pub mark: char,
    /// A short label drawn on it (empty for none).
    pub label: String,
}

impl Piece {
    /// A piece of `size` cells centred on cell (`x`, `y`).
    pub fn on_cell(board: u8, x: i32, y: i32, size: f32, shape: Shape, mark: char) -> Self {
        Piece {
            board,
            x: x as f32 + 0.5,
            y: y as f32 + 0.5,
            size,
            shape,
            seat: None,
            mark,
            label: String::new(),
        }
    }

    /// The piece, belonging to `seat`.
    pub fn of(mut self, seat: u8) -> Self {
        self.seat = Some(seat);
        self
    }

    /// The piece, labelled.
    pub fn labelled(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }
}

/// A number about a seat: health, honour, score, lives.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Meter {
    /// The seat.
    pub seat: u8,
    /// What it measures.
    pub name: &'static str,
    /// Its value.
    pub value: i64,
    /// Its largest value, where there is one (drawn as a bar).
    pub max: Option<i64>,
}

impl Meter {
    /// A meter of `seat`.
    pub fn new(seat: u8, name: &'static str, value: i64) -> Self {
        Meter {
            seat,
            name,
            value,
            max: None,
        }
    }

    /// The meter, with a largest value.
    pub fn out_of(mut self, max: i64) -> Self {
        self.max = Some(max);
        self
    }
}

/// A scene drawn as pixels ([`Scene::to_rgb`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rgb {
    /// Pixels per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// `height x width x 3` bytes, row by row from the top, red, green, blue.
    pub pixels: Vec<u8>,
}

/// What is drawn where nothing is (between boards, unknown marks).
const BACKGROUND: [u8; 3] = [255, 255, 255];
/// A mark missing from the palette, or a colour that is not `#rrggbb` / `#rgb`.
const UNKNOWN: [u8; 3] = [128, 128, 128];

/// The bytes of a CSS colour `#rrggbb` or `#rgb`.
fn css_rgb(css: &str) -> Option<[u8; 3]> {
    let hex = css.strip_prefix('#')?;
    let digit = |i: usize, n: usize| u8::from_str_radix(hex.get(i..i + n)?, 16).ok();
    match hex.len() {
        6 => Some([digit(0, 2)?, digit(2, 2)?, digit(4, 2)?]),
        3 => Some([digit(0, 1)? * 17, digit(1, 1)? * 17, digit(2, 1)? * 17]),
        _ => None,
    }
}

impl Scene {
    /// The scene as RGB pixels, `cell` pixels a cell (at least 1): the boards side by side
    /// (one cell apart, the tallest setting the height) in their marks' `palette` colours,
    /// then the pieces over them, squares, discs and rings in their seat's colour
    /// ([`SEAT_COLOURS`]) or their mark's. Captions, labels and meters are text a viewer
    /// writes beside it; they are not drawn.
    pub fn to_rgb(&self, palette: &[Swatch], cell: usize) -> Rgb {
        let cell = cell.max(1);
        let colour = |mark: char| {
            palette
                .iter()
                .find(|s| s.mark == mark)
                .and_then(|s| css_rgb(s.colour))
                .unwrap_or(UNKNOWN)
        };
        // Each board's left edge, in cells.
        let mut lefts = Vec::with_capacity(self.boards.len());
        let mut cols = 0usize;
        for board in &self.boards {
            lefts.push(cols);
            cols += usize::from(board.width) + 1;
        }
        let rows = self
            .boards
            .iter()
            .map(|b| usize::from(b.height))
            .max()
            .unwrap_or(0);
        let (width, height) = (cols.saturating_sub(1) * cell, rows * cell);
        let mut pixels = alloc::vec![0u8; width * height * 3];
        for chunk in pixels.chunks_exact_mut(3) {
            chunk.copy_from_slice(&BACKGROUND);
        }
        let mut paint = |px: usize, py: usize, rgb: [u8; 3]| {
            if px < width && py < height {
                let at = (py * width + px) * 3;
                pixels[at..at + 3].copy_from_slice(&rgb);
            }
        };
        for (board, &left) in self.boards.iter().zip(&lefts) {
            let w = usize::from(board.width).max(1);
            for (i, mark) in board.cells.chars().enumerate() {
                let (cx, cy) = (left + i % w, i / w);
                let rgb = colour(mark);
                for py in cy * cell..(cy + 1) * cell {
                    for px in cx * cell..(cx + 1) * cell {
                        paint(px, py, rgb);
                    }
                }
            }
        }
        for piece in &self.pieces {
            let Some(&left) = lefts.get(usize::from(piece.board)) else {
                continue;
            };
            let rgb = match piece.seat {
                Some(seat) => SEAT_COLOURS
                    .get(usize::from(seat))
                    .and_then(|c| css_rgb(c))
                    .unwrap_or(UNKNOWN),
                None => colour(piece.mark),
            };
            let half = piece.size.max(0.0) / 2.0;
            let (x, y) = (left as f32 + piece.x, piece.y);
            // The pixels whose centres may lie in the piece.
            let span = |c: f32| {
                let lo = ((c - half) * cell as f32).max(0.0) as usize;
                let hi = ((c + half) * cell as f32).max(0.0) as usize + 1;
                lo..hi
            };
            for py in span(y) {
                for px in span(x) {
                    let dx = (px as f32 + 0.5) / cell as f32 - x;
                    let dy = (py as f32 + 0.5) / cell as f32 - y;
                    let d2 = dx * dx + dy * dy;
                    let inside = match piece.shape {
                        Shape::Square => dx <= half && -dx <= half && dy <= half && -dy <= half,
                        Shape::Disc => d2 <= half * half,
                        Shape::Ring => d2 <= half * half && d2 >= 0.36 * half * half,
                    };
                    if inside {
                        paint(px, py, rgb);
                    }
                }
            }
        }
        Rgb {
            width,
            height,
            pixels,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_set_changes_one_cell_and_ignores_cells_off_the_board() {
        let mut b = Board::filled("sea", 3, 2, '.');
        b.set(2, 1, 'M');
        b.set(3, 0, 'X');
        b.set(-1, 0, 'X');
        b.set(0, 2, 'X');
        b.set(0, 0, 'é');
        assert_eq!(b.cells, "?....M");
        assert_eq!(Board::filled("", 2, 1, 'é').cells, "??");
    }

    #[test]
    fn pieces_on_cells_are_centred() {
        let p = Piece::on_cell(1, 2, 3, 0.8, Shape::Disc, 'o')
            .of(4)
            .labelled("4");
        assert_eq!((p.board, p.x, p.y, p.seat), (1, 2.5, 3.5, Some(4)));
        assert_eq!(p.label, "4");
    }

    #[test]
    fn a_scene_draws_its_boards_side_by_side_and_its_pieces_over_them() {
        let palette = [
            Swatch::new('.', "sea", "#0000ff"),
            Swatch::new('#', "rock", "#333"),
        ];
        let mut left = Board::filled("a", 2, 2, '.');
        left.set(1, 0, '#');
        let scene = Scene {
            boards: alloc::vec![left, Board::filled("b", 1, 1, '?')],
            pieces: alloc::vec![Piece::on_cell(1, 0, 0, 1.0, Shape::Disc, 'x').of(0)],
            meters: Vec::new(),
        };
        let rgb = scene.to_rgb(&palette, 4);
        // Two columns, a gap, one column; two rows.
        assert_eq!(
            (rgb.width, rgb.height, rgb.pixels.len()),
            (16, 8, 16 * 8 * 3)
        );
        let at = |x: usize, y: usize| {
            let i = (y * rgb.width + x) * 3;
            [rgb.pixels[i], rgb.pixels[i + 1], rgb.pixels[i + 2]]
        };
        assert_eq!(at(0, 0), [0, 0, 255], "sea");
        assert_eq!(at(5, 1), [0x33, 0x33, 0x33], "rock (#rgb)");
        assert_eq!(at(9, 2), BACKGROUND, "the gap between boards");
        assert_eq!(at(14, 1), [0x39, 0x49, 0xab], "seat 0's disc on board 1");
        assert_eq!(
            at(12, 0),
            UNKNOWN,
            "the disc's corner shows the unknown mark"
        );
        assert_eq!(at(13, 6), BACKGROUND, "board 1 is one row high");
    }
}
