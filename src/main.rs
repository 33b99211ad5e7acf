//! The `tpudev` command-line tool. Parsing and commands live in `cli/`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
