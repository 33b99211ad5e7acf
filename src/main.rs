//! The `tpudev` command-line tool. Parsing and commands live in the library's `cli` module,
//! which the Python package's `tpudev` command reaches too.

fn main() -> std::process::ExitCode {
    tpudev::cli::main()
}
