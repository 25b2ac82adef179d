//! `spieltisch arena`: seeded games between AI agents, their win rates and time per
//! move (the library function is [`ai::arena::run`]).

use std::process::ExitCode;

/// Runs the arena and prints its table; exit status 2 when it cannot run.
pub(crate) fn run(args: &ai::arena::Args) -> ExitCode {
    let progress = args.progress;
    match ai::arena::run(args, &mut |line| {
        if progress {
            report!("{line}");
        }
    }) {
        Ok(report) => {
            crate::print_out(report.to_string().trim_end());
            ExitCode::SUCCESS
        }
        Err(e) => {
            report!("spieltisch arena: {e}");
            ExitCode::from(2)
        }
    }
}
