//! The programs a profiling session ran (`torch_tpudev.profile`), kept so that the same run
//! can be timed on another chip: "this step takes X on my v5e; what on a v6e?" answered by
//! the same programs and the same timing engine (`tpudev_sim::timing::retime_run`).

use std::collections::HashMap;
use std::sync::Arc;

use pyo3::prelude::*;
use tpudev_core::ir::Graph;
use tpudev_sim::timing::{as_bf16, chip_by_name, product_cycles, program_products, retime_run, Product, TimingParams};

use crate::errors::to_pyerr;
use crate::runtime::runtime;

#[pyclass(frozen, module = "torch_tpudev._C")]
pub struct ProfiledPrograms {
    programs: Vec<Arc<Graph>>,
}

#[pymethods]
impl ProfiledPrograms {
    /// The run on `chip` (a preset key, name or chip file): (cycles, clock_hz, flops), with
    /// host transfers of `host_bytes` each over the chip's host link.
    fn time_on(&self, py: Python<'_>, chip: &str, host_bytes: Vec<u64>) -> PyResult<(u64, u64, u64)> {
        let spec = chip_by_name(chip).map_err(|e| to_pyerr(py, e))?;
        let (cycles, flops) = retime_run(&self.programs, &host_bytes, &spec);
        Ok((cycles, TimingParams::from_chip(&spec).clock_hz, flops))
    }

    /// Every matrix product the run ran, once per run of its program, as the MXU model of
    /// `chip` sees it: (program run, kind, batch, m, n, k, operand bytes (lhs, rhs) before
    /// the converts that feed them, result bytes, bf16 passes, cycles alone on the chip).
    #[allow(clippy::type_complexity)]
    fn products(
        &self,
        py: Python<'_>,
        chip: &str,
    ) -> PyResult<Vec<(usize, &'static str, u64, u64, u64, u64, u64, u64, u64, u64, u64)>> {
        let p = params(py, chip)?;
        Ok(self
            .runs(&p)
            .into_iter()
            .map(|(run, pr)| {
                let mm = pr.mm;
                (
                    run,
                    pr.kind,
                    mm.batch,
                    mm.m,
                    mm.n,
                    mm.k,
                    mm.lhs_bytes,
                    mm.rhs_bytes,
                    mm.out_bytes,
                    mm.passes,
                    product_cycles(&mm, &p),
                )
            })
            .collect())
    }

    /// Product `index` of `products(chip)` with dims batch x m x n x k (and, when `bf16`,
    /// bf16 operands and result in one MXU pass): its cycles alone on `chip`.
    #[allow(clippy::too_many_arguments)]
    fn product_cycles(
        &self,
        py: Python<'_>,
        chip: &str,
        index: usize,
        batch: u64,
        m: u64,
        n: u64,
        k: u64,
        bf16: bool,
    ) -> PyResult<u64> {
        let p = params(py, chip)?;
        let Some(&(_, pr)) = self.runs(&p).get(index) else {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!("no product {index} in this run")));
        };
        let mm = tpudev_sim::timing::Matmul { batch, m, n, k, ..pr.mm };
        Ok(product_cycles(&if bf16 { as_bf16(&mm) } else { mm }, &p))
    }

    fn __len__(&self) -> usize {
        self.programs.len()
    }
}

impl ProfiledPrograms {
    /// (program run, product) for every product of every program run, in order. A step's
    /// programs run again and again: each distinct program is read once.
    fn runs(&self, p: &TimingParams) -> Vec<(usize, Product)> {
        let mut read: HashMap<*const Graph, Vec<Product>> = HashMap::new();
        let mut runs = Vec::new();
        for (run, g) in self.programs.iter().enumerate() {
            let products = read.entry(Arc::as_ptr(g)).or_insert_with(|| program_products(g, p));
            runs.extend(products.iter().map(|&pr| (run, pr)));
        }
        runs
    }
}

fn params(py: Python<'_>, chip: &str) -> PyResult<TimingParams> {
    Ok(TimingParams::from_chip(&chip_by_name(chip).map_err(|e| to_pyerr(py, e))?))
}

/// The programs the session opened at `starts` (one position per chip) has run so far (before `profile_stop`).
#[pyfunction]
pub fn profile_programs(starts: Vec<usize>) -> PyResult<ProfiledPrograms> {
    let mut programs = Vec::new();
    for chip in runtime()?.started() {
        let start = starts.get(chip.index as usize).copied().unwrap_or(0);
        programs.extend(chip.sim("the profiler")?.profiled_programs(start));
    }
    Ok(ProfiledPrograms { programs })
}
