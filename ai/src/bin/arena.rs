//! `arena`: the arena without the chat adapters, e.g.
//! `cargo run -p ai --release --bin arena -- carat --games 20 --seats normal,greedy`.
//! The same as `spieltisch arena`.

use clap::Parser;

#[derive(Parser)]
#[command(about = "Seeded games between AI agents: win rates with 95 % intervals and time per move")]
struct Cli {
    #[command(flatten)]
    args: ai::arena::Args,
}

fn main() {
    let cli = Cli::parse();
    let progress = cli.args.progress;
    match ai::arena::run(&cli.args, &mut |line| {
        if progress {
            eprintln!("{line}");
        }
    }) {
        Ok(report) => print!("{report}"),
        Err(e) => {
            eprintln!("arena: {e}");
            std::process::exit(2);
        }
    }
}
