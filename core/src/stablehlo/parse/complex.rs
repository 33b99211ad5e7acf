//! complex64: `stablehlo.complex`, `real`, `imag`, `fft`, and complex constants. The IR's
//! literals are real, so a complex constant is a complex64 constant of its real part when every
//! imaginary part is +0, and otherwise two f32 constants joined by `complex`.

use super::ast::{Attr, OpAst};
use super::build::{lift, literal, Build, Scope};
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{FftKind, Literal, NodeId, TensorType};
use crate::stablehlo::lexer::Number;

/// A part of a complex element, as an f32 literal (hexadecimal parts are f32 bits).
fn part(n: Number) -> Option<Literal> {
    literal(&Attr::Num(n), DType::F32)
}

/// The (real, imaginary) parts of a complex `dense<...>` element.
fn parts(e: &Attr) -> Option<(Literal, Literal)> {
    match *e {
        Attr::Complex(re, im) => Some((part(re)?, part(im)?)),
        _ => None,
    }
}

/// Only +0 is dropped: `(x, -0.0)` keeps its sign, which branch cuts (log, sqrt) read.
fn is_plus_zero(l: &Literal) -> bool {
    matches!(l, Literal::Float(f) if f.to_bits() == 0)
}

/// One literal when all are equal (a splat), else all of them.
fn splat_or_all(lits: Vec<Literal>) -> Vec<Literal> {
    match lits.split_first() {
        Some((first, rest)) if rest.iter().all(|l| l == first) => vec![*first],
        _ => lits,
    }
}

impl Build<'_> {
    /// `complex`, `real`, `imag` or `fft`.
    pub fn complex_op(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        let lift = lift(self.c, op);
        match op.short_name() {
            "complex" => {
                self.arity(op, 2)?;
                let (re, im) = (self.operand(scope, op, 0)?, self.operand(scope, op, 1)?);
                self.g.complex(re, im).map_err(lift)
            }
            "real" => {
                self.arity(op, 1)?;
                let z = self.operand(scope, op, 0)?;
                self.g.real(z).map_err(lift)
            }
            "imag" => {
                self.arity(op, 1)?;
                let z = self.operand(scope, op, 0)?;
                self.g.imag(z).map_err(lift)
            }
            _ => self.fft(scope, op),
        }
    }

    /// `type = RFFT, length = [8]` (pretty) or `fft_type = #stablehlo<fft_type RFFT>,
    /// fft_length = array<i64: 8>` (generic).
    fn fft(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        self.arity(op, 1)?;
        let x = self.operand(scope, op, 0)?;
        let name = op.attr("type").or(op.attr("fft_type")).and_then(Attr::word);
        let kind = name.and_then(FftKind::from_name).ok_or_else(|| {
            let found = name.map_or(String::new(), |n| format!(", not {n}"));
            self.err(op, format!("the fft type must be FFT, IFFT, RFFT or IRFFT{found}"))
        })?;
        let length = self.usizes(op, &["length", "fft_length"])?;
        self.g.fft(x, kind, length).map_err(lift(self.c, op))
    }

    /// A `complex<f32>` constant of type `ty` from its `dense<...>` elements.
    pub fn complex_constant(&mut self, op: &OpAst, ty: &TensorType, elems: &[&Attr]) -> Result<NodeId> {
        let (re, im): (Vec<Literal>, Vec<Literal>) = elems
            .iter()
            .map(|&e| parts(e).ok_or_else(|| self.err(op, format!("{e:?} is not a complex<f32> value (re, im)"))))
            .collect::<Result<Vec<_>>>()?
            .into_iter()
            .unzip();
        if im.iter().all(is_plus_zero) {
            return self.dense(op, &re, ty);
        }
        let part_ty = TensorType::new(DType::F32, ty.shape.clone());
        let re = self.dense(op, &splat_or_all(re), &part_ty)?;
        let im = self.dense(op, &splat_or_all(im), &part_ty)?;
        self.g.complex(re, im).map_err(lift(self.c, op))
    }
}
