//! Complex numbers in the IR: complex64 values made from and taken apart into f32 parts, and
//! Fourier transforms (`stablehlo.fft`). Arithmetic on complex64 uses the ordinary elementwise
//! ops (StableHLO defines add, multiply, exponential, ... on complex element types); the
//! simulator computes on a complex value as f32 (real, imaginary) pairs.

use super::builder::{check, GraphBuilder};
use super::graph::{NodeId, TensorType};
use super::op::Op;
use crate::dtype::DType;
use crate::error::Result;

/// `stablehlo.fft`'s `fft_type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum FftKind {
    /// Complex to complex, forward (e^-i).
    Fft,
    /// Complex to complex, inverse, scaled by 1/n.
    Ifft,
    /// Real to complex, forward: the last dim keeps its n/2 + 1 non-negative frequencies.
    Rfft,
    /// Complex (one-sided) to real, inverse, scaled by 1/n: the last dim becomes `length`'s last.
    Irfft,
}

impl FftKind {
    /// StableHLO's spelling.
    pub fn name(self) -> &'static str {
        match self {
            FftKind::Fft => "FFT",
            FftKind::Ifft => "IFFT",
            FftKind::Rfft => "RFFT",
            FftKind::Irfft => "IRFFT",
        }
    }

    pub fn from_name(name: &str) -> Option<FftKind> {
        [FftKind::Fft, FftKind::Ifft, FftKind::Rfft, FftKind::Irfft].into_iter().find(|k| k.name() == name)
    }

    /// Whether the transform is an inverse one (e^+i, scaled by 1/n).
    pub fn is_inverse(self) -> bool {
        matches!(self, FftKind::Ifft | FftKind::Irfft)
    }
}

impl GraphBuilder {
    /// `stablehlo.complex`: `re + i * im` from two f32 tensors of one shape.
    pub fn complex(&mut self, re: NodeId, im: NodeId) -> Result<NodeId> {
        check(self.ty(re) == self.ty(im), || format!("complex parts differ: {} vs {}", self.ty(re), self.ty(im)))?;
        check(self.dtype(re) == DType::F32, || format!("complex parts must be f32, not {}", self.dtype(re)))?;
        let ty = TensorType::new(DType::C64, self.shape(re).to_vec());
        Ok(self.push(Op::Complex, vec![re, im], ty))
    }

    /// `stablehlo.real` of a complex64 tensor.
    pub fn real(&mut self, z: NodeId) -> Result<NodeId> {
        self.part(Op::Real, z)
    }

    /// `stablehlo.imag` of a complex64 tensor.
    pub fn imag(&mut self, z: NodeId) -> Result<NodeId> {
        self.part(Op::Imag, z)
    }

    fn part(&mut self, op: Op, z: NodeId) -> Result<NodeId> {
        check(self.dtype(z) == DType::C64, || {
            format!("{} needs a complex64 operand, not {}", op.name(), self.dtype(z))
        })?;
        let ty = TensorType::new(DType::F32, self.shape(z).to_vec());
        Ok(self.push(op, vec![z], ty))
    }

    /// `stablehlo.fft` of `kind` over the trailing `length.len()` dims of `x`.
    pub fn fft(&mut self, x: NodeId, kind: FftKind, length: Vec<usize>) -> Result<NodeId> {
        let shape = self.shape(x).to_vec();
        let k = length.len();
        check((1..=3).contains(&k) && k <= shape.len(), || {
            format!("fft length {length:?} must name 1 to 3 of the operand's {} dims", shape.len())
        })?;
        let lead = shape.len() - k;
        let (want_in, out_dtype, mut out) = match kind {
            FftKind::Fft | FftKind::Ifft => (DType::C64, DType::C64, shape.clone()),
            FftKind::Rfft => (DType::F32, DType::C64, shape.clone()),
            FftKind::Irfft => (DType::C64, DType::F32, shape.clone()),
        };
        check(self.dtype(x) == want_in, || {
            format!("{} needs a {want_in} operand, not {}", kind.name(), self.dtype(x))
        })?;
        // The trailing dims must be the lengths, except the last of a one-sided spectrum.
        let one_sided = length[k - 1] / 2 + 1;
        for (j, &n) in length.iter().enumerate() {
            let have = shape[lead + j];
            let want = if kind == FftKind::Irfft && j == k - 1 { one_sided } else { n };
            check(have == want, || {
                format!("{} of length {length:?} needs trailing dims {want} at {j}, not {have}", kind.name())
            })?;
        }
        match kind {
            FftKind::Rfft => out[lead + k - 1] = one_sided,
            FftKind::Irfft => out[lead + k - 1] = length[k - 1],
            FftKind::Fft | FftKind::Ifft => {}
        }
        Ok(self.push(Op::Fft { kind, length }, vec![x], TensorType::new(out_dtype, out)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fft_result_types_follow_stablehlo() {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![3, 8]));
        let r = b.fft(x, FftKind::Rfft, vec![8]).unwrap();
        assert_eq!(b.ty(r), &TensorType::new(DType::C64, vec![3, 5]));
        let back = b.fft(r, FftKind::Irfft, vec![8]).unwrap();
        assert_eq!(b.ty(back), &TensorType::new(DType::F32, vec![3, 8]));
        let c = b.fft(r, FftKind::Fft, vec![3, 5]).unwrap();
        assert_eq!(b.ty(c).dtype, DType::C64);
        assert!(b.fft(x, FftKind::Fft, vec![8]).is_err(), "a forward complex fft of a real operand");
        assert!(b.fft(r, FftKind::Irfft, vec![10]).is_err(), "5 = 10/2 + 1 fits; 6 does not");
        assert!(b.fft(r, FftKind::Irfft, vec![9]).is_ok(), "5 = 9/2 + 1");
    }

    #[test]
    fn parts_round_trip_types() {
        let mut b = GraphBuilder::new();
        let re = b.param(TensorType::new(DType::F32, vec![2]));
        let im = b.param(TensorType::new(DType::F32, vec![2]));
        let z = b.complex(re, im).unwrap();
        assert_eq!(b.dtype(z), DType::C64);
        let im = b.imag(z).unwrap();
        assert_eq!(b.dtype(im), DType::F32);
        assert!(b.real(re).is_err());
        let i = b.param(TensorType::new(DType::I32, vec![2]));
        assert!(b.complex(i, i).is_err());
    }

    #[test]
    fn kinds_round_trip_their_names() {
        for k in [FftKind::Fft, FftKind::Ifft, FftKind::Rfft, FftKind::Irfft] {
            assert_eq!(FftKind::from_name(k.name()), Some(k));
        }
    }
}
