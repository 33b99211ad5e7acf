//! `RngUniform` on hardware: the simulator's generator written in StableHLO. Element i of the
//! output draws counter (offset + i) under key `seed` with Philox-4x32-10 (as
//! `tpudev_sim::exec::rng`), and turns the first word (two words for f64) into a float in
//! [0, 1) with as many random bits as the dtype's significand. The printer emits the op as
//! `stablehlo.custom_call @tpudev.rng_uniform`, which XLA rejects; each such line becomes a
//! call of a private function generated here, so the hardware draws the simulator's numbers
//! bit for bit.

use std::fmt::Write;

use tpudev_core::{DType, Error, Result};

const M0: u64 = 0xD251_1F53;
const M1: u64 = 0xCD9E_8D57;
const W0: u64 = 0x9E37_79B9;
const W1: u64 = 0xBB67_AE85;

/// Replaces every `@tpudev.rng_uniform` custom call in `body` by a call of a generated
/// function; returns the new body and the functions.
pub fn replace_custom_calls(body: &str) -> Result<(String, String)> {
    let mut out = String::with_capacity(body.len());
    let mut helpers = String::new();
    for (k, line) in body.lines().enumerate() {
        let Some(at) = line.find("stablehlo.custom_call @tpudev.rng_uniform(") else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let bad = || Error::internal(format!("unexpected rng_uniform line from the StableHLO printer: {line}"));
        let lhs = &line[..at];
        let rest = &line[at + "stablehlo.custom_call @tpudev.rng_uniform(".len()..];
        let arg = &rest[..rest.find(')').ok_or_else(bad)?];
        let result_ty = rest.rsplit("-> ").next().ok_or_else(bad)?.trim();
        let (shape, dtype) = parse_type(result_ty).ok_or_else(bad)?;
        let name = format!("tpudev_rng_uniform_{k}");
        let _ = writeln!(out, "{lhs}func.call @{name}({arg}) : (tensor<2xi64>) -> {result_ty}");
        helpers.push_str(&function(&name, &shape, dtype, result_ty)?);
    }
    Ok((out, helpers))
}

/// `tensor<2x3xf32>` as ([2, 3], F32).
fn parse_type(ty: &str) -> Option<(Vec<usize>, DType)> {
    let inner = ty.strip_prefix("tensor<")?.strip_suffix('>')?;
    let mut parts: Vec<&str> = inner.split('x').collect();
    let elem = parts.pop()?;
    let dtype = DType::ALL.into_iter().find(|d| d.stablehlo_name() == elem)?;
    let shape = parts.iter().map(|p| p.parse().ok()).collect::<Option<Vec<usize>>>()?;
    Some((shape, dtype))
}

struct Emitter {
    text: String,
    next: usize,
    n: usize,
}

impl Emitter {
    fn ty(&self, elem: &str) -> String {
        format!("tensor<{}x{elem}>", self.n)
    }
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }
    fn constant(&mut self, value: u64, elem: &str) -> String {
        let v = self.fresh();
        let ty = self.ty(elem);
        let _ = writeln!(self.text, "    {v} = stablehlo.constant dense<{value}> : {ty}");
        v
    }
    fn binary(&mut self, op: &str, a: &str, b: &str, elem: &str) -> String {
        let v = self.fresh();
        let ty = self.ty(elem);
        let _ = writeln!(self.text, "    {v} = stablehlo.{op} {a}, {b} : {ty}");
        v
    }
    fn convert(&mut self, a: &str, from: &str, to: &str) -> String {
        let v = self.fresh();
        let (f, t) = (self.ty(from), self.ty(to));
        let _ = writeln!(self.text, "    {v} = stablehlo.convert {a} : ({f}) -> {t}");
        v
    }
    /// The low 32 bits of a u64 array, as u32.
    fn low(&mut self, a: &str) -> String {
        let mask = self.constant(0xFFFF_FFFF, "ui64");
        let masked = self.binary("and", a, &mask, "ui64");
        self.convert(&masked, "ui64", "ui32")
    }
    /// The high 32 bits of a u64 array, as u32.
    fn high(&mut self, a: &str) -> String {
        let shift = self.constant(32, "ui64");
        let shifted = self.binary("shift_right_logical", a, &shift, "ui64");
        self.convert(&shifted, "ui64", "ui32")
    }
}

fn function(name: &str, shape: &[usize], dtype: DType, result_ty: &str) -> Result<String> {
    let n: usize = shape.iter().product();
    let mut e = Emitter { text: String::new(), next: 0, n };
    let _ = writeln!(e.text, "  func.func private @{name}(%state: tensor<2xi64>) -> {result_ty} {{");
    // seed and offset as u64 arrays of n elements.
    let word = |e: &mut Emitter, i: usize| {
        let s = e.fresh();
        let _ = writeln!(e.text, "    {s} = stablehlo.slice %state [{i}:{}] : (tensor<2xi64>) -> tensor<1xi64>", i + 1);
        let u = e.fresh();
        let _ = writeln!(e.text, "    {u} = stablehlo.bitcast_convert {s} : (tensor<1xi64>) -> tensor<1xui64>");
        let b = e.fresh();
        let ty = e.ty("ui64");
        let _ = writeln!(e.text, "    {b} = stablehlo.broadcast_in_dim {u}, dims = [0] : (tensor<1xui64>) -> {ty}");
        b
    };
    let seed = word(&mut e, 0);
    let offset = word(&mut e, 1);
    let iota = e.fresh();
    let ty64 = e.ty("ui64");
    let _ = writeln!(e.text, "    {iota} = stablehlo.iota dim = 0 : {ty64}");
    let counter = e.binary("add", &offset, &iota, "ui64");
    let mut c = [e.low(&counter), e.high(&counter), e.constant(0, "ui32"), String::new()];
    c[3] = c[2].clone();
    let mut k = [e.low(&seed), e.high(&seed)];
    let (w0, w1) = (e.constant(W0, "ui32"), e.constant(W1, "ui32"));
    let (m0, m1) = (e.constant(M0, "ui64"), e.constant(M1, "ui64"));
    for round in 0..10 {
        if round > 0 {
            k = [e.binary("add", &k[0], &w0, "ui32"), e.binary("add", &k[1], &w1, "ui32")];
        }
        let c0 = e.convert(&c[0], "ui32", "ui64");
        let p0 = e.binary("multiply", &c0, &m0, "ui64");
        let c2 = e.convert(&c[2], "ui32", "ui64");
        let p1 = e.binary("multiply", &c2, &m1, "ui64");
        let (hi0, lo0, hi1, lo1) = (e.high(&p0), e.low(&p0), e.high(&p1), e.low(&p1));
        let x = e.binary("xor", &hi1, &c[1], "ui32");
        let new0 = e.binary("xor", &x, &k[0], "ui32");
        let y = e.binary("xor", &hi0, &c[3], "ui32");
        let new2 = e.binary("xor", &y, &k[1], "ui32");
        c = [new0, lo1, new2, lo0];
    }
    let flat = match dtype {
        DType::F64 => {
            let hi = e.convert(&c[0], "ui32", "ui64");
            let lo = e.convert(&c[1], "ui32", "ui64");
            let s32 = e.constant(32, "ui64");
            let hi = e.binary("shift_left", &hi, &s32, "ui64");
            let both = e.binary("or", &hi, &lo, "ui64");
            let s11 = e.constant(11, "ui64");
            let bits = e.binary("shift_right_logical", &both, &s11, "ui64");
            let f = e.convert(&bits, "ui64", "f64");
            let scale = e.fresh();
            let ty = e.ty("f64");
            let _ = writeln!(e.text, "    {scale} = stablehlo.constant dense<{:e}> : {ty}", 1.0 / (1u64 << 53) as f64);
            e.binary("multiply", &f, &scale, "f64")
        }
        DType::F32 | DType::BF16 | DType::F16 => {
            let bits = match dtype {
                DType::F32 => 24,
                DType::BF16 => 8,
                _ => 11,
            };
            let sh = e.constant(32 - bits, "ui32");
            let top = e.binary("shift_right_logical", &c[0], &sh, "ui32");
            let f = e.convert(&top, "ui32", "f32");
            let scale = e.fresh();
            let ty = e.ty("f32");
            let _ =
                writeln!(e.text, "    {scale} = stablehlo.constant dense<{:e}> : {ty}", 1.0 / (1u64 << bits) as f64);
            let v = e.binary("multiply", &f, &scale, "f32");
            if dtype == DType::F32 {
                v
            } else {
                e.convert(&v, "f32", dtype.stablehlo_name())
            }
        }
        other => return Err(Error::internal(format!("rng_uniform makes floats, not {other}"))),
    };
    let out = e.fresh();
    let flat_ty = e.ty(dtype.stablehlo_name());
    let _ = writeln!(e.text, "    {out} = stablehlo.reshape {flat} : ({flat_ty}) -> {result_ty}");
    let _ = writeln!(e.text, "    return {out} : {result_ty}\n  }}");
    Ok(e.text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_types() {
        assert_eq!(parse_type("tensor<2x3xf32>"), Some((vec![2, 3], DType::F32)));
        assert_eq!(parse_type("tensor<bf16>"), Some((vec![], DType::BF16)));
        assert_eq!(parse_type("tensor<2xq8>"), None);
    }
}
