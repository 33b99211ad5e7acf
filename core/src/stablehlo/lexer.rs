//! A cursor over MLIR text: whitespace and `//` comments, identifiers, SSA names, numbers,
//! strings and tensor types, with errors that name the line, the column and what was expected.
//! MLIR's grammar is context-sensitive (`2x3xf32`, `[0:2]`, `[b, f, 0, 1]x[...]`), so the
//! parser asks for the token it expects instead of reading a token stream.

use crate::error::{Error, Result};
use crate::ir::TensorType;

use super::types::dtype_from_name;

/// A number as written: integers stay exact, hexadecimal is kept as bits (MLIR spells
/// non-finite floats that way).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    Int(i64),
    Float(f64),
    Hex(u64),
}

pub struct Cursor<'a> {
    src: &'a str,
    pos: usize,
}

fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.')
}

impl<'a> Cursor<'a> {
    pub fn new(src: &'a str) -> Self {
        Cursor { src, pos: 0 }
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Line and column (1-based, in characters) of a byte offset.
    pub fn line_col(&self, pos: usize) -> (usize, usize) {
        let before = &self.src[..pos.min(self.src.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    /// A parse error at byte offset `pos`.
    pub fn error_at(&self, pos: usize, msg: impl std::fmt::Display) -> Error {
        let (line, col) = self.line_col(pos);
        Error::invalid(format!("StableHLO parse error at line {line}, column {col}: {msg}"))
    }

    /// "expected X, found Y" at the current position.
    pub fn expected(&mut self, what: &str) -> Error {
        self.skip_ws();
        let found: String = self.rest().chars().take(24).take_while(|&c| c != '\n').collect();
        let found = if found.is_empty() { "the end of the input".to_string() } else { format!("'{found}'") };
        self.error_at(self.pos, format!("expected {what}, found {found}"))
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    pub fn skip_ws(&mut self) {
        loop {
            let r = self.rest();
            let trimmed = r.trim_start();
            self.pos += r.len() - trimmed.len();
            if trimmed.starts_with("//") {
                self.pos += trimmed.find('\n').unwrap_or(trimmed.len());
            } else {
                return;
            }
        }
    }

    pub fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.rest().is_empty()
    }

    /// Whether the text continues with `s` (after whitespace).
    pub fn at(&mut self, s: &str) -> bool {
        self.skip_ws();
        self.rest().starts_with(s)
    }

    /// Whether the next character (after whitespace) is `c`.
    pub fn at_char(&mut self, f: impl Fn(char) -> bool) -> bool {
        self.skip_ws();
        self.peek().is_some_and(f)
    }

    pub fn eat(&mut self, s: &str) -> bool {
        if self.at(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// Eats a keyword: `s` not followed by an identifier character.
    pub fn eat_word(&mut self, s: &str) -> bool {
        let save = self.pos;
        if self.eat(s) && !self.peek().is_some_and(is_id_char) {
            return true;
        }
        self.pos = save;
        false
    }

    pub fn expect(&mut self, s: &str) -> Result<()> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(self.expected(&format!("'{s}'")))
        }
    }

    pub fn expect_word(&mut self, s: &str) -> Result<()> {
        if self.eat_word(s) {
            Ok(())
        } else {
            Err(self.expected(&format!("'{s}'")))
        }
    }

    /// A bare identifier: letters, digits, `_`, `$` and `.`, not starting with a digit.
    pub fn ident(&mut self) -> Result<String> {
        self.skip_ws();
        if !self.peek().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') {
            return Err(self.expected("an identifier"));
        }
        Ok(self.id_chars())
    }

    fn id_chars(&mut self) -> String {
        let start = self.pos;
        while self.peek().is_some_and(is_id_char) {
            self.bump();
        }
        self.src[start..self.pos].to_string()
    }

    /// `%name` or `%name#3`: the name (without `%`) and the result number.
    pub fn value_ref(&mut self) -> Result<(String, usize)> {
        self.skip_ws();
        if self.peek() != Some('%') {
            return Err(self.expected("an SSA value (%name)"));
        }
        self.bump();
        let name = self.id_chars();
        if name.is_empty() {
            return Err(self.expected("an SSA value name after '%'"));
        }
        let index = if self.peek() == Some('#') {
            self.bump();
            usize::try_from(self.int()?).map_err(|_| self.expected("a result number"))?
        } else {
            0
        };
        Ok((name, index))
    }

    /// `@name` or `@"name"`.
    pub fn symbol(&mut self) -> Result<String> {
        self.skip_ws();
        if self.peek() != Some('@') {
            return Err(self.expected("a symbol (@name)"));
        }
        self.bump();
        if self.peek() == Some('"') {
            return self.string();
        }
        let s = self.id_chars();
        if s.is_empty() {
            return Err(self.expected("a symbol name after '@'"));
        }
        Ok(s)
    }

    /// A double-quoted string with MLIR's escapes (`\"`, `\\`, `\n`, `\t`, two hex digits).
    pub fn string(&mut self) -> Result<String> {
        self.skip_ws();
        let start = self.pos;
        if self.bump() != Some('"') {
            self.pos = start;
            return Err(self.expected("a string"));
        }
        let mut out = String::new();
        loop {
            match self.bump() {
                None => return Err(self.error_at(start, "unterminated string")),
                Some('"') => return Ok(out),
                Some('\\') => match self.bump() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(c @ ('"' | '\\')) => out.push(c),
                    Some(a) if a.is_ascii_hexdigit() => {
                        let b = self.bump().filter(|b| b.is_ascii_hexdigit());
                        let b = b.ok_or_else(|| self.error_at(self.pos, "bad escape in string"))?;
                        let v = a.to_digit(16).unwrap_or(0) * 16 + b.to_digit(16).unwrap_or(0);
                        out.push(char::from_u32(v).unwrap_or('?'));
                    }
                    _ => return Err(self.error_at(self.pos, "bad escape in string")),
                },
                Some(c) => out.push(c),
            }
        }
    }

    /// A decimal or hexadecimal number, optionally signed, with an optional fraction and
    /// exponent (then a float).
    pub fn number(&mut self) -> Result<Number> {
        self.skip_ws();
        let start = self.pos;
        let r = self.rest();
        if let Some(hex) = r.strip_prefix("0x").or_else(|| r.strip_prefix("0X")) {
            let n = hex.chars().take_while(|c| c.is_ascii_hexdigit()).count();
            let bits = u64::from_str_radix(&hex[..n], 16).map_err(|_| self.expected("a hexadecimal number"))?;
            self.pos += 2 + n;
            return Ok(Number::Hex(bits));
        }
        if matches!(self.peek(), Some('-' | '+')) {
            self.bump();
        }
        let digits = |c: &mut Self| {
            let s = c.pos;
            while c.peek().is_some_and(|d| d.is_ascii_digit()) {
                c.bump();
            }
            c.pos > s
        };
        if !digits(self) {
            self.pos = start;
            return Err(self.expected("a number"));
        }
        let mut float = false;
        if self.peek() == Some('.') {
            self.bump();
            digits(self);
            float = true;
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            let save = self.pos;
            self.bump();
            if matches!(self.peek(), Some('-' | '+')) {
                self.bump();
            }
            if digits(self) {
                float = true;
            } else {
                self.pos = save;
            }
        }
        let text = &self.src[start..self.pos];
        let bad = |c: &Self| c.error_at(start, format!("'{text}' is not a valid number"));
        if float {
            text.parse().map(Number::Float).map_err(|_| bad(self))
        } else {
            // A u64 past i64::MAX is held as its bits, as the IR holds u64 values.
            let int = text.parse::<i64>().ok().or_else(|| text.parse::<u64>().ok().map(|u| u as i64));
            int.map(Number::Int).ok_or_else(|| bad(self))
        }
    }

    pub fn int(&mut self) -> Result<i64> {
        let start = self.pos;
        match self.number()? {
            Number::Int(i) => Ok(i),
            _ => {
                self.pos = start;
                Err(self.expected("an integer"))
            }
        }
    }

    pub fn usize(&mut self) -> Result<usize> {
        self.skip_ws();
        let start = self.pos;
        let i = self.int()?;
        usize::try_from(i).map_err(|_| self.error_at(start, format!("expected a non-negative integer, found {i}")))
    }

    /// `tensor<2x3xf32>` (or `tensor<f32>`).
    pub fn tensor_type(&mut self) -> Result<TensorType> {
        self.skip_ws();
        let start = self.pos;
        if !self.eat("tensor<") {
            return Err(self.expected("a tensor type"));
        }
        let mut shape = Vec::new();
        loop {
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                let s = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.bump();
                }
                let d = self.src[s..self.pos].parse().map_err(|_| self.error_at(s, "dimension too large"))?;
                shape.push(d);
                if self.bump() != Some('x') {
                    return Err(self.error_at(self.pos, "expected 'x' after a dimension"));
                }
            } else if self.peek() == Some('?') {
                return Err(self.error_at(self.pos, "dynamic dimensions ('?') are not supported"));
            } else {
                break;
            }
        }
        let elem_pos = self.pos;
        let mut elem = self.id_chars();
        // `complex<f32>`: the one element type with a parameter.
        if elem == "complex" && self.eat("<") {
            elem = format!("complex<{}>", self.id_chars());
            if !self.eat(">") {
                return Err(self.error_at(self.pos, "expected '>' closing complex<...>"));
            }
        }
        let dtype = dtype_from_name(&elem)
            .ok_or_else(|| self.error_at(elem_pos, format!("element type '{elem}' is not supported")))?;
        if self.eat(",") {
            return Err(self.error_at(start, "tensor encodings (layouts, sparsity) are not supported"));
        }
        self.expect(">")?;
        Ok(TensorType::new(dtype, shape))
    }

    /// Skips a balanced group opened by the character just before the cursor (`(`, `<`, `[`,
    /// `{`), honouring strings and nested brackets of every kind. `->` is not a closer.
    pub fn skip_group(&mut self, open: char) -> Result<()> {
        let start = self.pos;
        let mut stack = vec![open];
        while let Some(c) = self.peek() {
            match c {
                '"' => {
                    self.string()?;
                    continue;
                }
                '(' | '[' | '{' | '<' => stack.push(c),
                '-' if self.rest().starts_with("->") => {
                    self.pos += 2;
                    continue;
                }
                ')' | ']' | '}' | '>' => {
                    let want = match c {
                        ')' => '(',
                        ']' => '[',
                        '}' => '{',
                        _ => '<',
                    };
                    if stack.last() != Some(&want) {
                        return Err(self.error_at(self.pos, format!("unbalanced '{c}'")));
                    }
                    stack.pop();
                    if stack.is_empty() {
                        self.bump();
                        return Ok(());
                    }
                }
                _ => {}
            }
            self.bump();
        }
        Err(self.error_at(start, format!("unclosed '{open}'")))
    }

    /// Skips `loc(...)` annotations.
    pub fn skip_loc(&mut self) -> Result<()> {
        while self.eat_word("loc") {
            self.expect("(")?;
            self.skip_group('(')?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;

    #[test]
    fn reads_tokens_and_types() {
        let mut c = Cursor::new("  // comment\n %arg0#1 @main 0x7F800000 -1.5e3 tensor<2x3xbf16> \"a\\\"b\"");
        assert_eq!(c.value_ref().unwrap(), ("arg0".to_string(), 1));
        assert_eq!(c.symbol().unwrap(), "main");
        assert_eq!(c.number().unwrap(), Number::Hex(0x7F80_0000));
        assert_eq!(c.number().unwrap(), Number::Float(-1500.0));
        assert_eq!(c.tensor_type().unwrap(), TensorType::new(DType::BF16, vec![2, 3]));
        assert_eq!(c.string().unwrap(), "a\"b");
        assert!(c.at_end());
    }

    #[test]
    fn errors_name_line_and_column() {
        let mut c = Cursor::new("\n  tensor<2x?xf32>");
        let e = c.tensor_type().unwrap_err().to_string();
        assert!(e.contains("line 2, column 12"), "{e}");
        let mut c = Cursor::new("x");
        assert!(c.number().unwrap_err().to_string().contains("line 1, column 1: expected a number"));
    }
}
