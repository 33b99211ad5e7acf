//! `rng_uniform`: counter-based uniform floats in [0, 1). Element i of the output uses counter
//! (offset + i) under key `seed` of Philox-4x32 with 10 rounds (Salmon et al., "Parallel random
//! numbers: as easy as 1, 2, 3", SC 2011), so any element can be computed independently of the
//! others and of the thread count.

use tpudev_core::{DType, Error, Result};

use super::par;
use super::value::{array, elems, Data, Value};

const M0: u32 = 0xD251_1F53;
const M1: u32 = 0xCD9E_8D57;
const W0: u32 = 0x9E37_79B9;
const W1: u32 = 0xBB67_AE85;

#[inline(always)]
fn mul_hi_lo(a: u32, b: u32) -> (u32, u32) {
    let p = a as u64 * b as u64;
    ((p >> 32) as u32, p as u32)
}

/// Philox-4x32-10 of a 128-bit counter under a 64-bit key. Inlined into the fill loops, so
/// they vectorize (32 x 32 -> 64-bit multiplies are one vector instruction).
#[inline(always)]
pub fn philox(counter: [u32; 4], key: [u32; 2]) -> [u32; 4] {
    let (mut c, mut k) = (counter, key);
    for round in 0..10 {
        if round > 0 {
            k = [k[0].wrapping_add(W0), k[1].wrapping_add(W1)];
        }
        let (hi0, lo0) = mul_hi_lo(M0, c[0]);
        let (hi1, lo1) = mul_hi_lo(M1, c[2]);
        c = [hi1 ^ c[1] ^ k[0], lo1, hi0 ^ c[3] ^ k[1], lo0];
    }
    c
}

/// The random words for counter value `n` under `seed`.
#[inline(always)]
fn words(seed: u64, n: u64) -> [u32; 4] {
    philox([n as u32, (n >> 32) as u32, 0, 0], [seed as u32, (seed >> 32) as u32])
}

/// `out[i]` = the uniform f32 with `bits` random bits for counter `offset + i`.
fn fill_f32(out: &mut [f32], seed: u64, offset: u64, bits: u32) {
    use super::simd::{isa, Isa};
    match isa() {
        // SAFETY: `simd::isa` checked that the CPU has the build's features.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { fill_f32_avx512(out, seed, offset, bits) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { fill_f32_avx2(out, seed, offset, bits) },
        _ => fill_f32_loop(out, seed, offset, bits),
    }
}

/// A plain loop around the inlined Philox rounds, which vectorizes.
#[inline(always)]
fn fill_f32_loop(out: &mut [f32], seed: u64, offset: u64, bits: u32) {
    let scale = 1.0 / (1u32 << bits) as f32;
    for (i, x) in out.iter_mut().enumerate() {
        *x = (words(seed, offset.wrapping_add(i as u64))[0] >> (32 - bits)) as f32 * scale;
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq,avx512vl,avx2")]
unsafe fn fill_f32_avx512(out: &mut [f32], seed: u64, offset: u64, bits: u32) {
    fill_f32_loop(out, seed, offset, bits)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn fill_f32_avx2(out: &mut [f32], seed: u64, offset: u64, bits: u32) {
    fill_f32_loop(out, seed, offset, bits)
}

/// Uniform floats of `dtype` and `shape` from state (seed, offset). Each float has as many
/// random bits as its significand (24 for f32, 53 for f64, 8 for bf16, 11 for f16), so that no
/// value rounds up to 1.
pub fn rng_uniform(state: &Value, dtype: DType, shape: &[usize]) -> Result<Value> {
    let st = match &state.data {
        Data::Int(a) if a.len() == 2 => elems(a).to_vec(),
        _ => return Err(Error::internal("rng state must be i64[2]")),
    };
    let (seed, offset) = (st[0] as u64, st[1] as u64);
    let n: usize = shape.iter().product();
    let draw = move |i: usize| words(seed, offset.wrapping_add(i as u64));
    let data = match dtype {
        DType::F64 => {
            let mut v = vec![0f64; n];
            par::fill_indexed(&mut v, |i| {
                let w = draw(i);
                let bits = ((w[0] as u64) << 32 | w[1] as u64) >> 11;
                bits as f64 * (1.0 / (1u64 << 53) as f64)
            });
            Data::F64(array(shape, v))
        }
        DType::F32 | DType::BF16 | DType::F16 => {
            let bits = match dtype {
                DType::F32 => 24,
                DType::BF16 => 8,
                _ => 11,
            };
            let mut v = vec![0f32; n];
            par::fill_chunks(&mut v, |start, out| fill_f32(out, seed, offset.wrapping_add(start as u64), bits));
            Data::F32(array(shape, v))
        }
        other => return Err(Error::internal(format!("rng_uniform makes floats, not {other}"))),
    };
    Ok(Value::new(dtype, data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn philox_known_answers() {
        // Known-answer vectors of Philox-4x32-10 published with Random123 (kat_vectors).
        assert_eq!(philox([0, 0, 0, 0], [0, 0]), [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8]);
        assert_eq!(philox([0xffff_ffff; 4], [0xffff_ffff; 2]), [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd]);
        assert_eq!(
            philox([0x243f_6a88, 0x85a3_08d3, 0x1319_8a2e, 0x0370_7344], [0xa409_3822, 0x299f_31d0]),
            [0xd16c_fe09, 0x94fd_cceb, 0x5001_e420, 0x2412_6ea1]
        );
    }

    #[test]
    fn the_vector_builds_fill_what_the_plain_loop_fills() {
        for bits in [24, 8] {
            let (mut fast, mut plain) = (vec![0f32; 1037], vec![0f32; 1037]);
            fill_f32(&mut fast, 0x1234_5678_9abc, u64::MAX - 500, bits);
            fill_f32_loop(&mut plain, 0x1234_5678_9abc, u64::MAX - 500, bits);
            assert_eq!(
                fast.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                plain.iter().map(|x| x.to_bits()).collect::<Vec<_>>()
            );
        }
    }
}
