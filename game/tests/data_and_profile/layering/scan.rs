//! The layering check's reader of Rust source: literals and comments
//! blanked, identifiers and `::` found, `use` trees expanded. Apart from the
//! rules (the parent module) so each reads on its own.

use super::ModPath;

/// Blanks comments, string and char literals with spaces, keeping newlines
/// so byte offsets still give line numbers.
pub(super) fn blank_non_code(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let prev_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            let end = b[i..].iter().position(|&x| x == b'\n').map_or(b.len(), |p| i + p);
            blank(&mut out, i, end);
            i = end;
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let (mut depth, mut j) = (1, i + 2);
            while j < b.len() && depth > 0 {
                if b[j] == b'/' && b.get(j + 1) == Some(&b'*') {
                    depth += 1;
                    j += 2;
                } else if b[j] == b'*' && b.get(j + 1) == Some(&b'/') {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if (c == b'r' || (c == b'b' && b.get(i + 1) == Some(&b'r'))) && !prev_ident && {
            let s = if c == b'b' { i + 2 } else { i + 1 };
            let hashes = b[s..].iter().take_while(|&&x| x == b'#').count();
            b.get(s + hashes) == Some(&b'"')
        } {
            let s = if c == b'b' { i + 2 } else { i + 1 };
            let hashes = b[s..].iter().take_while(|&&x| x == b'#').count();
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let body = s + hashes + 1;
            let end = b[body..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(b.len(), |p| body + p + close.len());
            blank(&mut out, i, end);
            i = end;
        } else if c == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            blank(&mut out, i, end);
            i = end;
        } else if c == b'\'' {
            // A char literal ('x', '\n', '\u{..}', 'é') or a lifetime ('a).
            if b.get(i + 1) == Some(&b'\\') {
                let mut j = i + 2;
                while j < b.len() && b[j] != b'\'' {
                    j += 1;
                }
                blank(&mut out, i, (j + 1).min(b.len()));
                i = j + 1;
            } else {
                let ch_len = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                if b.get(i + 1 + ch_len) == Some(&b'\'') {
                    blank(&mut out, i, i + 2 + ch_len);
                    i += 2 + ch_len;
                } else {
                    i += 1;
                }
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).expect("blanking keeps UTF-8 (only ASCII bytes replaced, whole chars blanked)")
}

pub(super) fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

pub(super) fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

pub(super) fn ident_at(b: &[u8], i: usize) -> Option<(String, usize)> {
    let end = b[i..]
        .iter()
        .position(|&c| !is_ident_byte(c))
        .map_or(b.len(), |p| i + p);
    (end > i && !b[i].is_ascii_digit()).then(|| (String::from_utf8_lossy(&b[i..end]).into_owned(), end))
}

pub(super) fn double_colon_at(b: &[u8], i: usize) -> Option<usize> {
    let j = skip_ws(b, i);
    (b.get(j) == Some(&b':') && b.get(j + 1) == Some(&b':')).then_some(j + 2)
}

/// A use tree or plain path starting at `i` (just after a `::`): every path
/// it names, each with the name it brings into scope (`as` renames kept).
pub(super) fn parse_tree(b: &[u8], i: usize) -> Vec<(ModPath, Option<String>)> {
    let i = skip_ws(b, i);
    match b.get(i) {
        Some(b'{') => {
            let mut out = Vec::new();
            let (mut depth, mut j, mut item_start) = (1, i + 1, i + 1);
            while j < b.len() && depth > 0 {
                match b[j] {
                    b'{' => depth += 1,
                    b'}' => depth -= 1,
                    b',' if depth == 1 => {
                        out.extend(parse_tree(b, item_start));
                        item_start = j + 1;
                    }
                    _ => {}
                }
                j += 1;
            }
            if skip_ws(b, item_start) < j - 1 {
                out.extend(parse_tree(b, item_start));
            }
            out
        }
        Some(b'*') => vec![(Vec::new(), None)],
        _ => match ident_at(b, i) {
            Some((id, _)) if id == "self" => vec![(Vec::new(), None)],
            Some((id, end)) => {
                if let Some(next) = double_colon_at(b, end) {
                    let rest = parse_tree(b, next);
                    if rest.is_empty() {
                        return vec![(vec![id], None)];
                    }
                    rest.into_iter()
                        .map(|(mut p, name)| {
                            let name = name.or_else(|| p.is_empty().then(|| id.clone()));
                            p.insert(0, id.clone());
                            (p, name)
                        })
                        .collect()
                } else {
                    let k = skip_ws(b, end);
                    let alias = (b[k..].starts_with(b"as")
                        && b.get(k + 2).is_some_and(u8::is_ascii_whitespace))
                    .then(|| ident_at(b, skip_ws(b, k + 2)).map(|(a, _)| a))
                    .flatten();
                    vec![(vec![id.clone()], Some(alias.unwrap_or(id)))]
                }
            }
            None => Vec::new(),
        },
    }
}

pub(super) fn line_of(code: &str, at: usize) -> usize {
    code[..at].bytes().filter(|&c| c == b'\n').count() + 1
}
