//! The estimator's fitted parameters: global, physical quantities that the timing engine's
//! first-principles figures leave out, fitted once to the published results in
//! `shared/reference/tpu_specs.toml` (see docs/timing.md, "Calibration", for the fit and
//! docs/validation.md for the results). Nothing here is specific to one benchmark.

/// Fitted, chip-independent efficiencies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Calibration {
    /// Share of the MXUs' tile-level rate that compiled programs sustain on matrix products
    /// (pipeline bubbles between tiles, layout changes), in thousandths.
    pub mxu_permille: u64,
    /// Share of the HBM bandwidth that kernels sustain, in thousandths.
    pub hbm_permille: u64,
    /// Share of the ICI link bandwidth that collectives sustain, in thousandths.
    pub ici_permille: u64,
    /// Share of the FSDP weight gathers and gradient reductions hidden behind the layer's
    /// compute, in thousandths (the rest is exposed).
    pub overlap_permille: u64,
    /// Host time a serving engine adds to each decode step (scheduling the batch, preparing
    /// its inputs, sampling), in microseconds.
    pub serve_step_us: u64,
    /// Latency of one ring step of a collective between slices over the data-center network
    /// (the transfer's set-up between hosts and the slices' synchronization), in microseconds.
    pub dcn_step_us: u64,
}

/// The values in use.
pub const FITTED: Calibration = Calibration {
    mxu_permille: 780,
    hbm_permille: 1000,
    ici_permille: 1000,
    overlap_permille: 1000,
    serve_step_us: 4000,
    dcn_step_us: 500,
};
