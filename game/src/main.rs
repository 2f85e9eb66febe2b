//! The `artificer` binary: the game, and its headless tools as subcommands.

fn main() -> std::process::ExitCode {
    env_logger::Builder::from_env(
        env_logger::Env::default().default_filter_or("info,wgpu_core=warn,wgpu_hal=warn,naga=warn"),
    )
    .init();
    game::cli::run(game::cli::parse())
}
