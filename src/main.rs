//! The `rulebench` command line: a thin layer over [`rulebench::cli`].

fn main() -> std::process::ExitCode {
    rulebench::cli::main()
}
