//! Command-line interface of `tpudev`: argument parsing (clap derive) and dispatch to one
//! module per subcommand. Errors are printed as one `error: ...` line and exit with status 1;
//! usage errors are clap's (status 2).

mod advise;
mod cache;
mod chips;
mod doctor;
mod estimate;
mod npy;
mod run;
mod run_slice;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "tpudev",
    version,
    about = "Develop, test and model PyTorch programs for Google TPUs without a TPU",
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the simulated TPU chips (presets, plus your own with --chip-file)
    Chips {
        /// Print a JSON array with every field of each chip instead of a table
        #[arg(long)]
        json: bool,
        /// Also list the chip described by this TOML file (same format as the presets)
        #[arg(long, value_name = "PATH")]
        chip_file: Vec<PathBuf>,
    },
    /// Inspect and maintain the compilation cache (tiers 2 and 3)
    Cache {
        /// Tier 3 directory (default: TPUDEV_CACHE_DIR, else TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT)
        #[arg(long, value_name = "PATH", global = true)]
        dir: Option<PathBuf>,
        #[command(subcommand)]
        command: cache::CacheCommand,
    },
    /// Estimate step time, throughput, MFU and HBM of a transformer workload (see docs/cli.md)
    Estimate {
        /// The workload: a TOML file with [model], [run], [system] and [parallel]
        #[arg(value_name = "WORKLOAD.toml")]
        workload: PathBuf,
        /// Print one JSON object instead of the report
        #[arg(long)]
        json: bool,
        /// Print the estimate even when the workload does not fit in HBM (exit status 0)
        #[arg(long)]
        allow_oom: bool,
        /// Also print the slice's price per hour and the cost per million tokens (list prices
        /// of sim/src/estimate/prices.toml)
        #[arg(long)]
        cost: bool,
        /// With --cost: a price table of the same form instead of the shipped one
        #[arg(long, value_name = "FILE")]
        prices: Option<PathBuf>,
        /// With --cost: the price of one chip-hour in US dollars, instead of the table's
        #[arg(long, value_name = "DOLLARS")]
        chip_hour_usd: Option<f64>,
    },
    /// Run a PyTorch script on the simulated TPU, profiled, and list what to change to make it
    /// faster (the performance advisor, docs/advisor.md; runs `python3 -m torch_tpudev.advisor`,
    /// or TPUDEV_PYTHON)
    #[command(disable_help_flag = true)]
    Advise {
        /// [--chip CHIP] [--json] [--html PATH] SCRIPT.py [script args...] (`tpudev advise --help`)
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
        args: Vec<OsString>,
    },
    /// Check the hardware path: backend choice, TPU detection, PJRT plugin, devices, a smoke run
    Doctor {
        /// Give up after this many seconds (a hanging plugin never hangs the doctor)
        #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
        timeout: f64,
    },
    /// Run a StableHLO program (.mlir) on the simulator: outputs and simulated time
    Run {
        /// The program: StableHLO text, as `tpudev` or `jax.jit(f).lower(...).as_text()` writes it
        #[arg(value_name = "PROGRAM.mlir")]
        program: PathBuf,
        /// One .npy file per argument of @main, in order (comma-separated)
        #[arg(long, value_name = "A.npy,B.npy", value_delimiter = ',')]
        inputs: Vec<PathBuf>,
        /// Fill the inputs deterministically from this seed instead
        #[arg(long, value_name = "SEED")]
        random: Option<u64>,
        /// The simulated chip (see `tpudev chips`; default v5e)
        #[arg(long)]
        chip: Option<String>,
        /// Run the program on every chip of a simulated slice, e.g. v5e:2x4 (SPMD: its
        /// collectives exchange data between the chips); with --random, chip i draws its
        /// inputs from SEED + i
        #[arg(long, value_name = "CHIP:SHAPE")]
        topology: Option<String>,
        /// Where to run: the simulator, or hardware through the PJRT plugin that
        /// TPUDEV_PJRT_PLUGIN names (or libtpu; see `tpudev doctor`)
        #[arg(long, value_enum, default_value = "sim")]
        backend: RunBackend,
        /// Print one JSON object (chip, cycles, simulated_seconds, outputs with their values)
        #[arg(long)]
        json: bool,
        /// With --backend hw: execute this many times on inputs uploaded once and report the
        /// median wall time (the outputs shown are the first execution's)
        #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        repeat: u32,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RunBackend {
    Sim,
    Hw,
}

/// A failure the user can act on; its message names the cause.
#[derive(Debug)]
pub struct CliError(String);

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The `tpudev` binary's entry point.
pub fn main() -> ExitCode {
    ExitCode::from(run_args(std::env::args_os()))
}

/// Runs the command line `args` (the program's name first) and returns the exit status: the
/// binary and the `tpudev` command of the Python package (through `torch_tpudev._C.cli`) both
/// come here, so they behave alike.
pub fn run_args<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version land here too, with status 0.
            let _ = e.print();
            return u8::try_from(e.exit_code()).unwrap_or(2);
        }
    };
    match run(cli.command) {
        Ok(status) => status,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// Runs a subcommand; returns the exit status (0, or the status `advise`'s script ended with).
fn run(command: Command) -> Result<u8, CliError> {
    let done = |r: Result<(), CliError>| r.map(|()| 0);
    match command {
        Command::Advise { args } => advise::run(&args),
        Command::Chips { json, chip_file } => done(chips::run(json, &chip_file)),
        Command::Cache { dir, command } => done(cache::run(command, dir.as_deref())),
        Command::Estimate { workload, json, allow_oom, cost, prices, chip_hour_usd } => {
            let pricing = estimate::Pricing { wanted: cost, table: prices, chip_hour_usd };
            done(estimate::run(&workload, json, allow_oom, &pricing))
        }
        Command::Doctor { timeout } => done(doctor::run(timeout)),
        Command::Run { program, inputs, random, chip, topology, backend, json, repeat } => {
            done(run::run(run::RunArgs {
                program: &program,
                inputs: &inputs,
                random,
                chip: chip.as_deref(),
                topology: topology.as_deref(),
                backend,
                json,
                repeat: repeat as usize,
            }))
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
