// Scalar functions shared by the generated kernels. They follow the CPU kernels' rules
// (sim/src/exec/elementwise.rs): NaN-propagating max/min, sign keeping zeros and NaN, bf16 and
// f16 rounding to nearest even after every op. Bools are u32 0/1.

fn is_nan(x: f32) -> bool {
    return (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u;
}

fn is_finite(x: f32) -> bool {
    return (bitcast<u32>(x) & 0x7f800000u) != 0x7f800000u;
}

fn round_bf16(x: f32) -> f32 {
    let b = bitcast<u32>(x);
    if ((b & 0x7fffffffu) > 0x7f800000u) {
        return x;
    }
    return bitcast<f32>((b + 0x7fffu + ((b >> 16u) & 1u)) & 0xffff0000u);
}

fn round_f16(x: f32) -> f32 {
    let b = bitcast<u32>(x);
    let a = b & 0x7fffffffu;
    let s = b & 0x80000000u;
    if (a >= 0x7f800000u) {
        return x;
    }
    if (a >= 0x477ff000u) {
        return bitcast<f32>(s | 0x7f800000u);
    }
    if (a < 0x38800000u) {
        // Subnormal f16: a multiple of 2^-24 (scaling by a power of two is exact).
        let q = round(bitcast<f32>(a) * 16777216.0) / 16777216.0;
        return bitcast<f32>(s | bitcast<u32>(q));
    }
    return bitcast<f32>(s | ((a + 0xfffu + ((a >> 13u) & 1u)) & 0xffffe000u));
}

fn max_nan(x: f32, y: f32) -> f32 {
    return select(x, y, is_nan(y) || (!is_nan(x) && y > x));
}

fn min_nan(x: f32, y: f32) -> f32 {
    return select(x, y, is_nan(y) || (!is_nan(x) && y < x));
}

fn sign_f(x: f32) -> f32 {
    if (x > 0.0) {
        return 1.0;
    }
    if (x < 0.0) {
        return -1.0;
    }
    return x;
}

fn logistic(x: f32) -> f32 {
    if (x >= 0.0) {
        return 1.0 / (1.0 + exp(-x));
    }
    let e = exp(x);
    return e / (1.0 + e);
}

fn tanh_f(x: f32) -> f32 {
    // tanh is ±1 in f32 beyond |x| = 9.1; clamping keeps exp-based implementations finite.
    if (abs(x) > 10.0) {
        return sign_f(x);
    }
    return tanh(x);
}

fn expm1_f(x: f32) -> f32 {
    let u = exp(x);
    if (u == 1.0) {
        return x;
    }
    let um1 = u - 1.0;
    if (um1 == -1.0 || !is_finite(u)) {
        return um1;
    }
    return um1 * x / log_f(u);
}

fn log1p_f(x: f32) -> f32 {
    let u = 1.0 + x;
    if (u == 1.0) {
        return x;
    }
    if (!is_finite(u) || u <= 0.0) {
        return log_f(u);
    }
    return log(u) * x / (u - 1.0);
}

fn erf_f(x: f32) -> f32 {
    let a = abs(x);
    if (a < 0.5) {
        // Taylor series: the first omitted term is below 2^-26 of the sum.
        let z = x * x;
        let p = 1.0 + z * (-1.0 / 3.0 + z * (1.0 / 10.0 + z * (-1.0 / 42.0 + z * (1.0 / 216.0 + z * (-1.0 / 1320.0)))));
        return 1.1283791670955126 * x * p;
    }
    if (a > 4.0) {
        return select(sign_f(x), x, is_nan(x));
    }
    // erfc by a Chebyshev fit (fractional error below 1.2e-7).
    let t = 1.0 / (1.0 + 0.5 * a);
    let y = t * exp(-a * a - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806
        + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
    return sign_f(x) * (1.0 - y);
}

fn pow_f(x: f32, y: f32) -> f32 {
    if (y == 0.0 || x == 1.0) {
        return 1.0;
    }
    if (is_nan(x) || is_nan(y)) {
        return x + y;
    }
    let odd = abs(y) < 16777216.0 && floor(y) == y && (i32(abs(y)) & 1) == 1;
    let mag = exp2(y * log2(abs(x)));
    if (x < 0.0) {
        if (floor(y) != y) {
            return bitcast<f32>(0x7fc00000u);
        }
        return select(mag, -mag, odd);
    }
    if (x == 0.0) {
        let m = select(0.0, bitcast<f32>(0x7f800000u), y < 0.0);
        // (-0)^odd keeps the sign.
        return select(m, -m, odd && bitcast<u32>(x) == 0x80000000u);
    }
    return mag;
}

fn log_f(x: f32) -> f32 {
    if (x < 0.0) {
        return bitcast<f32>(0x7fc00000u);
    }
    if (x == 0.0) {
        return bitcast<f32>(0xff800000u);
    }
    return log(x);
}

fn sqrt_f(x: f32) -> f32 {
    if (x < 0.0) {
        return bitcast<f32>(0x7fc00000u);
    }
    return sqrt(x);
}
