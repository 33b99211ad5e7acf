//! The float operations kernels use, implemented once for f32 and f64.

use std::ops::{Add, Div, Mul, Neg, Rem, Sub};

use super::erf::Erf;
use super::exp::exp_f32;
use super::ln::ln_f32;
use super::sum::{sum_f32, sum_portable};
use super::tanh::tanh_f32;
use super::value::Elem;

pub trait Real:
    Elem
    + PartialOrd
    + Neg<Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Rem<Output = Self>
    + Erf
{
    const ZERO: Self;
    const ONE: Self;
    const NEG_INFINITY: Self;
    const INFINITY: Self;
    fn from_f64(x: f64) -> Self;
    fn to_f64(self) -> f64;
    fn is_nan(self) -> bool;
    fn is_finite(self) -> bool;
    fn abs(self) -> Self;
    fn exp(self) -> Self;
    fn exp_m1(self) -> Self;
    fn ln(self) -> Self;
    fn ln_1p(self) -> Self;
    fn sqrt(self) -> Self;
    fn tanh(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn floor(self) -> Self;
    fn ceil(self) -> Self;
    fn round_ties_even(self) -> Self;
    fn powf(self, y: Self) -> Self;
    fn atan2(self, x: Self) -> Self;
    /// The f64 sum of a block in the fixed order `sum.rs` defines.
    fn sum_block(xs: &[Self]) -> f64;

    /// `torch.maximum`: NaN if either is NaN.
    #[inline]
    fn max_nan(self, y: Self) -> Self {
        // Once self is NaN, y > self is false and self stays.
        if y > self || y.is_nan() {
            y
        } else {
            self
        }
    }

    /// `torch.minimum`: NaN if either is NaN.
    #[inline]
    fn min_nan(self, y: Self) -> Self {
        if y < self || y.is_nan() {
            y
        } else {
            self
        }
    }

    /// -1, 0 or 1 with the sign of x; NaN and signed zeros pass through.
    #[inline]
    fn sign(self) -> Self {
        if self > Self::ZERO {
            Self::ONE
        } else if self < Self::ZERO {
            -Self::ONE
        } else {
            self
        }
    }

    /// The logistic function, 1 / (1 + e^-x), written so that it never overflows: with
    /// e = e^-|x|, 1 / (1 + e) for x >= 0 and e / (1 + e) below. Only the numerator is
    /// selected, so that loops over arrays vectorize (a branch around the exp did not).
    #[inline]
    fn logistic(self) -> Self {
        let e = (-self.abs()).exp();
        let numerator = if self >= Self::ZERO { Self::ONE } else { e };
        numerator / (Self::ONE + e)
    }
}

macro_rules! impl_real {
    ($t:ty, $exp:path, $ln:path, $tanh:path, $sum:path) => {
        impl Real for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const NEG_INFINITY: Self = <$t>::NEG_INFINITY;
            const INFINITY: Self = <$t>::INFINITY;
            #[inline]
            fn from_f64(x: f64) -> Self {
                x as $t
            }
            #[inline]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline]
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            #[inline]
            fn is_finite(self) -> bool {
                <$t>::is_finite(self)
            }
            #[inline]
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            #[inline]
            fn exp(self) -> Self {
                $exp(self)
            }
            #[inline]
            fn exp_m1(self) -> Self {
                <$t>::exp_m1(self)
            }
            #[inline]
            fn ln(self) -> Self {
                $ln(self)
            }
            #[inline]
            fn ln_1p(self) -> Self {
                <$t>::ln_1p(self)
            }
            #[inline]
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            #[inline]
            fn tanh(self) -> Self {
                $tanh(self)
            }
            #[inline]
            fn sin(self) -> Self {
                <$t>::sin(self)
            }
            #[inline]
            fn cos(self) -> Self {
                <$t>::cos(self)
            }
            #[inline]
            fn floor(self) -> Self {
                <$t>::floor(self)
            }
            #[inline]
            fn ceil(self) -> Self {
                <$t>::ceil(self)
            }
            #[inline]
            fn round_ties_even(self) -> Self {
                <$t>::round_ties_even(self)
            }
            #[inline]
            fn powf(self, y: Self) -> Self {
                <$t>::powf(self, y)
            }
            #[inline]
            fn atan2(self, x: Self) -> Self {
                <$t>::atan2(self, x)
            }
            #[inline]
            fn sum_block(xs: &[Self]) -> f64 {
                $sum(xs)
            }
        }
    };
}

impl_real!(f32, exp_f32, ln_f32, tanh_f32, sum_f32);
impl_real!(f64, f64::exp, f64::ln, f64::tanh, sum_portable::<f64>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_min_propagate_nan() {
        let nan = f32::NAN;
        assert!(nan.max_nan(1.0).is_nan());
        assert!(1.0f32.max_nan(nan).is_nan());
        assert!(nan.min_nan(1.0).is_nan());
        assert!(1.0f32.min_nan(nan).is_nan());
        assert_eq!(2.0f32.max_nan(1.0), 2.0);
        assert_eq!(1.0f32.max_nan(2.0), 2.0);
        assert_eq!(1.0f64.min_nan(2.0), 1.0);
        assert_eq!(f64::NEG_INFINITY.max_nan(-3.0), -3.0);
    }

    #[test]
    fn logistic_and_sign() {
        assert_eq!(0.0f32.logistic(), 0.5);
        assert_eq!((-1000.0f32).logistic(), 0.0);
        assert_eq!(1000.0f32.logistic(), 1.0);
        assert!(((-2.0f64).logistic() - 1.0 / (1.0 + 2f64.exp())).abs() < 1e-16);
        assert_eq!((-3.0f32).sign(), -1.0);
        assert!(f32::NAN.sign().is_nan());
        assert!((-0.0f32).sign().is_sign_negative());
    }
}
