//! A Pallas kernel as Mosaic runs it on a TensorCore, described for the timing model: a grid of
//! steps, each computing on blocks held in VMEM while the DMAs of the next step's blocks run.
//! The description is what the kernel does over its whole grid, independent of any chip; the
//! Python side reads it off the kernel's jaxpr (`torch_tpudev._pallas_grid`) and writes it as
//! the `tpudev.pallas` attribute of the private function holding the kernel's interpret-mode
//! program. `Op::PallasResult` carries it through the IR.

use std::fmt;
use std::str::FromStr;

use super::builder::GraphBuilder;
use super::graph::NodeId;
use super::op::{Op, Precision};
use crate::dtype::DType;
use crate::stablehlo::types::dtype_from_name;

/// One matrix product of a kernel body: `count` executions over the grid of a `batch` of
/// [m, k] x [k, n] products.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct KernelDot {
    pub count: u64,
    pub batch: u64,
    pub m: u64,
    pub n: u64,
    pub k: u64,
    pub lhs: DType,
    pub rhs: DType,
    pub out: DType,
    pub precision: Precision,
}

/// The author's `pl.CostEstimate`, shown beside the simulator's figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CostEstimate {
    pub flops: u64,
    pub transcendentals: u64,
    pub bytes_accessed: u64,
}

/// Whether a grid dimension's steps may run on different TensorCores (`"parallel"`) or must
/// run in order on one (`"arbitrary"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum GridSemantics {
    Parallel,
    Arbitrary,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct GridKernel {
    pub name: String,
    pub grid: Vec<u64>,
    /// Per grid dimension; empty when the author gave none (every dimension then runs in order).
    pub semantics: Vec<GridSemantics>,
    /// HBM -> VMEM bytes over the grid: a block is fetched at the first step and again only
    /// when its block index changes from one step to the next.
    pub bytes_in: u64,
    /// VMEM -> HBM bytes: an output block is written back when its index changes, and at the end.
    pub bytes_out: u64,
    /// The first step's input blocks, loaded before any compute can start.
    pub first_load: u64,
    /// The last step's output blocks, stored after all compute ends.
    pub last_store: u64,
    /// VMEM the kernel holds: two buffers of every pipelined block, and its VMEM scratch.
    pub vmem: u64,
    /// The author's `vmem_limit_bytes`, if given.
    pub vmem_limit: Option<u64>,
    /// Elementwise VPU element operations over the grid, transcendentals apart.
    pub vpu: u64,
    pub transcendentals: u64,
    pub dots: Vec<KernelDot>,
    pub estimate: Option<CostEstimate>,
}

impl GridKernel {
    pub fn steps(&self) -> u64 {
        self.grid.iter().product::<u64>().max(1)
    }

    /// Grid steps that may be spread over a chip's TensorCores: the product of the leading
    /// "parallel" dimensions (Mosaic splits the outermost parallel dimensions across cores).
    pub fn parallel_steps(&self) -> u64 {
        self.grid
            .iter()
            .zip(&self.semantics)
            .take_while(|(_, s)| **s == GridSemantics::Parallel)
            .map(|(d, _)| *d)
            .product()
    }

    /// FLOPs of the kernel's matrix products over the grid.
    pub fn dot_flops(&self) -> u64 {
        self.dots.iter().map(|d| 2 * d.count * d.batch * d.m * d.n * d.k).sum()
    }
}

impl GraphBuilder {
    /// Marks `value` as a result of the Pallas `kernel` computed from `operands`.
    pub fn pallas_result(&mut self, value: NodeId, operands: &[NodeId], kernel: GridKernel) -> NodeId {
        let ty = self.ty(value).clone();
        let inputs = std::iter::once(value).chain(operands.iter().copied()).collect();
        self.push(Op::PallasResult(Box::new(kernel)), inputs, ty)
    }
}

fn precision_name(p: Precision) -> &'static str {
    match p {
        Precision::Default => "DEFAULT",
        Precision::High => "HIGH",
        Precision::Highest => "HIGHEST",
    }
}

impl fmt::Display for GridKernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |xs: Vec<String>, sep: &str| xs.join(sep);
        let grid = if self.grid.is_empty() {
            "1".to_string()
        } else {
            join(self.grid.iter().map(u64::to_string).collect(), "x")
        };
        let semantics = if self.semantics.is_empty() {
            "none".to_string()
        } else {
            let name = |s: &GridSemantics| match s {
                GridSemantics::Parallel => "parallel".to_string(),
                GridSemantics::Arbitrary => "arbitrary".to_string(),
            };
            join(self.semantics.iter().map(name).collect(), ",")
        };
        let limit = self.vmem_limit.map_or("none".to_string(), |v| v.to_string());
        write!(
            f,
            "name={} grid={grid} semantics={semantics} bytes_in={} bytes_out={} first_load={} last_store={} vmem={} vmem_limit={limit} vpu={} transcendentals={}",
            self.name, self.bytes_in, self.bytes_out, self.first_load, self.last_store, self.vmem, self.vpu, self.transcendentals
        )?;
        for d in &self.dots {
            write!(
                f,
                " dot={}*{}x{}x{}x{}:{}:{}:{}:{}",
                d.count,
                d.batch,
                d.m,
                d.n,
                d.k,
                d.lhs.stablehlo_name(),
                d.rhs.stablehlo_name(),
                d.out.stablehlo_name(),
                precision_name(d.precision)
            )?;
        }
        match self.estimate {
            Some(e) => write!(f, " estimate={}:{}:{}", e.flops, e.transcendentals, e.bytes_accessed),
            None => write!(f, " estimate=none"),
        }
    }
}

fn number(key: &str, value: &str) -> Result<u64, String> {
    value.parse().map_err(|_| format!("`{key}={value}` is not a whole number"))
}

fn optional(key: &str, value: &str) -> Result<Option<u64>, String> {
    if value == "none" {
        Ok(None)
    } else {
        number(key, value).map(Some)
    }
}

fn dot(value: &str) -> Result<KernelDot, String> {
    let bad = || format!("`dot={value}` is not count*BxMxNxK:lhs:rhs:out:precision");
    let (count, rest) = value.split_once('*').ok_or_else(bad)?;
    let parts: Vec<&str> = rest.split(':').collect();
    let [dims, lhs, rhs, out, precision] = parts[..] else { return Err(bad()) };
    let dims: Vec<u64> = dims.split('x').map(|d| d.parse().map_err(|_| bad())).collect::<Result<_, _>>()?;
    let [batch, m, n, k] = dims[..] else { return Err(bad()) };
    let dtype = |name: &str| dtype_from_name(name).ok_or_else(|| format!("`dot={value}`: unknown element type {name}"));
    let precision = match precision {
        "DEFAULT" => Precision::Default,
        "HIGH" => Precision::High,
        "HIGHEST" => Precision::Highest,
        _ => return Err(bad()),
    };
    Ok(KernelDot {
        count: count.parse().map_err(|_| bad())?,
        batch,
        m,
        n,
        k,
        lhs: dtype(lhs)?,
        rhs: dtype(rhs)?,
        out: dtype(out)?,
        precision,
    })
}

fn estimate(value: &str) -> Result<Option<CostEstimate>, String> {
    if value == "none" {
        return Ok(None);
    }
    let parts: Vec<&str> = value.split(':').collect();
    let [flops, transcendentals, bytes_accessed] = parts[..] else {
        return Err(format!("`estimate={value}` is not flops:transcendentals:bytes_accessed"));
    };
    Ok(Some(CostEstimate {
        flops: number("estimate", flops)?,
        transcendentals: number("estimate", transcendentals)?,
        bytes_accessed: number("estimate", bytes_accessed)?,
    }))
}

impl FromStr for GridKernel {
    type Err = String;

    /// Reads the description `Display` writes. Every key but `dot` must appear once.
    fn from_str(text: &str) -> Result<GridKernel, String> {
        let mut k = GridKernel {
            name: String::new(),
            grid: Vec::new(),
            semantics: Vec::new(),
            bytes_in: 0,
            bytes_out: 0,
            first_load: 0,
            last_store: 0,
            vmem: 0,
            vmem_limit: None,
            vpu: 0,
            transcendentals: 0,
            dots: Vec::new(),
            estimate: None,
        };
        let mut seen: Vec<&str> = Vec::new();
        for field in text.split_whitespace() {
            let (key, value) = field.split_once('=').ok_or_else(|| format!("`{field}` is not key=value"))?;
            if key != "dot" {
                if seen.contains(&key) {
                    return Err(format!("`{key}` is given twice"));
                }
                seen.push(key);
            }
            match key {
                "name" => k.name = value.to_string(),
                "grid" => k.grid = value.split('x').map(|d| number(key, d)).collect::<Result<_, _>>()?,
                "semantics" if value == "none" => {}
                "semantics" => {
                    k.semantics = value
                        .split(',')
                        .map(|s| match s {
                            "parallel" => Ok(GridSemantics::Parallel),
                            "arbitrary" => Ok(GridSemantics::Arbitrary),
                            _ => Err(format!("grid semantics `{s}` is not parallel or arbitrary")),
                        })
                        .collect::<Result<_, _>>()?
                }
                "bytes_in" => k.bytes_in = number(key, value)?,
                "bytes_out" => k.bytes_out = number(key, value)?,
                "first_load" => k.first_load = number(key, value)?,
                "last_store" => k.last_store = number(key, value)?,
                "vmem" => k.vmem = number(key, value)?,
                "vmem_limit" => k.vmem_limit = optional(key, value)?,
                "vpu" => k.vpu = number(key, value)?,
                "transcendentals" => k.transcendentals = number(key, value)?,
                "dot" => k.dots.push(dot(value)?),
                "estimate" => k.estimate = estimate(value)?,
                _ => return Err(format!("unknown key `{key}`")),
            }
        }
        const REQUIRED: [&str; 12] = [
            "name",
            "grid",
            "semantics",
            "bytes_in",
            "bytes_out",
            "first_load",
            "last_store",
            "vmem",
            "vmem_limit",
            "vpu",
            "transcendentals",
            "estimate",
        ];
        if let Some(missing) = REQUIRED.iter().find(|r| !seen.contains(r)) {
            return Err(format!("`{missing}` is missing"));
        }
        if k.name.is_empty() || !k.name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
            return Err(format!("the kernel name `{}` is not made of letters, digits, `_` and `.`", k.name));
        }
        if !k.semantics.is_empty() && k.semantics.len() != k.grid.len() {
            return Err(format!("{} grid semantics for a grid of {} dimensions", k.semantics.len(), k.grid.len()));
        }
        Ok(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MATMUL: &str = "name=matmul grid=4x4x4 semantics=parallel,parallel,arbitrary bytes_in=8388608 bytes_out=1048576 first_load=131072 last_store=65536 vmem=393216 vmem_limit=none vpu=262144 transcendentals=0 dot=64*1x128x128x128:f32:f32:f32:DEFAULT estimate=268435456:0:3145728";

    #[test]
    fn a_description_reads_and_writes_back_the_same() {
        let k: GridKernel = MATMUL.parse().unwrap();
        assert_eq!(k.grid, vec![4, 4, 4]);
        assert_eq!(k.steps(), 64);
        assert_eq!(k.parallel_steps(), 16);
        assert_eq!(k.dots[0].count, 64);
        assert_eq!(k.dots[0].precision, Precision::Default);
        assert_eq!(k.dot_flops(), 64 * 2 * 128 * 128 * 128);
        assert_eq!(k.estimate.unwrap().flops, 268435456);
        assert_eq!(k.to_string(), MATMUL);
    }

    #[test]
    fn bad_descriptions_name_what_is_wrong() {
        let err = |t: &str| t.parse::<GridKernel>().unwrap_err();
        assert!(err(&MATMUL.replace("vmem=393216 ", "")).contains("`vmem` is missing"));
        assert!(err(&MATMUL.replace("bytes_in=8388608", "bytes_in=lots")).contains("not a whole number"));
        assert!(err(&MATMUL.replace(":f32:DEFAULT", ":f33:DEFAULT")).contains("unknown element type f33"));
        assert!(err(&MATMUL.replace("parallel,parallel,", "parallel,")).contains("2 grid semantics"));
        assert!(err(&MATMUL.replace("name=matmul", "name=mat-mul")).contains("is not made of letters"));
        assert!(err(&format!("{MATMUL} vpu=1")).contains("`vpu` is given twice"));
    }
}
