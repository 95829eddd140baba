//! `cargo xtask <command>`: everything a developer or CI does, in one place. This
//! file only reads the command line and hands it to the command's own module;
//! `cargo xtask help` lists the commands.

mod bench;
mod breakdown;
mod check_content;
mod config_reader;
mod corpus;
mod deny;
mod dist;
mod e2e;
mod files;
mod lighthouse;
mod process;
mod serve;
mod server;
mod setup;
mod sizes;
mod test;
mod versions;
mod workspace;

use std::process::ExitCode;

/// The command line, typed. xflags writes the parser at compile time without syn;
/// docs/architecture.md, "Choices, measured", has the build times that chose it over clap.
mod flags {
    use std::ffi::OsString;

    xflags::xflags! {
        /// Every command of the project: `cargo xtask <command>`.
        cmd xtask {
            /// This list of commands.
            cmd help {}
            /// Install what the build and the tests need (only what is missing).
            cmd setup {}
            /// `trunk watch` into target/serve, served confined on http://127.0.0.1:8080/.
            cmd serve {}
            /// Release build with every route pre-rendered into dist/.
            cmd dist {
                /// The path the site is published under (`/repo/`); `/` by default.
                optional --base-path base_path: String
                /// The origin it is published at (`https://owner.github.io`).
                optional --origin origin: String
            }
            /// Serve dist/ like GitHub Pages, to localhost only.
            cmd serve-dist {
                /// `/` by default.
                optional --base-path base_path: String
                /// 8081 by default.
                optional --port port: u16
            }
            /// Check every entry and preset, printing all problems at once.
            cmd check-content {}
            /// The rustc, trunk and wasm-bindgen versions of the build, as
            /// `name=version` lines (CI's cache keys).
            cmd versions {}
            /// Everything CI checks.
            cmd test {}
            /// The browser tests against the current dist/.
            cmd e2e {
                /// Passed to Playwright; flags after `--` (`-- --grep search`).
                repeated playwright: OsString
            }
            /// Build the corpus and hold its timings to their budgets.
            cmd corpus {
                /// Generated entries per language, 2000 by default.
                optional --entries entries: usize
                /// Passed to Playwright; flags after `--`.
                repeated playwright: OsString
            }
            /// The sizes of a first visit of dist/ (as `dist` prints them).
            cmd sizes {
                /// Also the wasm's code by crate and by function (the release
                /// build's name section, before wasm-opt).
                optional --breakdown
                /// How many functions the breakdown lists, 40 by default.
                optional --top top: usize
            }
            /// Build and measure the site and the corpus side by side.
            cmd bench {
                /// Generated entries per language, 2000 by default.
                optional --entries entries: usize
            }
        }
    }

    /// The help xflags writes from the comments above.
    pub fn help() -> String {
        Xtask::from_vec(vec!["--help".into()])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    }
}

fn main() -> ExitCode {
    let command = match flags::Xtask::from_env() {
        Ok(flags) => flags.subcommand,
        Err(e) if e.is_help() => {
            print_help(&e.to_string());
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("xtask: {e} (`cargo xtask help` lists the commands)");
            return ExitCode::FAILURE;
        }
    };
    match run(command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The help on stdout; a closed pipe (`cargo xtask help | head`) is no error.
fn print_help(help: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout(), "{help}");
}

fn run(command: flags::XtaskCmd) -> anyhow::Result<()> {
    use flags::XtaskCmd as Cmd;
    let base = |b: Option<String>| b.unwrap_or_else(|| "/".into());
    match command {
        Cmd::Help(_) => {
            print_help(&flags::help());
            Ok(())
        }
        Cmd::Setup(_) => setup::everything(),
        Cmd::Serve(_) => serve::development(),
        Cmd::Dist(f) => dist::command(&base(f.base_path), f.origin.as_deref().unwrap_or("http://localhost")),
        Cmd::ServeDist(f) => server::serve_forever(
            &workspace::root().join("dist"),
            &base(f.base_path),
            f.port.unwrap_or(8081),
        ),
        Cmd::CheckContent(_) => check_content::command(),
        Cmd::Versions(_) => versions::command(),
        Cmd::Test(_) => test::command(),
        Cmd::E2e(f) => e2e::command(&f.playwright),
        Cmd::Corpus(f) => corpus::command(f.entries.unwrap_or(corpus::ENTRIES), &f.playwright),
        Cmd::Sizes(f) => dist::sizes(f.breakdown, f.top.unwrap_or(40)),
        Cmd::Bench(f) => bench::command(f.entries.unwrap_or(corpus::ENTRIES)),
    }
}

#[cfg(test)]
mod tests {
    use super::flags::{Xtask, XtaskCmd};

    fn parse(args: &[&str]) -> xflags::Result<XtaskCmd> {
        Xtask::from_vec(args.iter().map(Into::into).collect()).map(|x| x.subcommand)
    }

    #[test]
    fn playwright_gets_what_follows_the_double_dash() {
        let Ok(XtaskCmd::Corpus(c)) = parse(&["corpus", "--entries", "50", "e2e/corpus", "--", "--grep", "x"]) else {
            panic!("not parsed as corpus");
        };
        assert_eq!(c.entries, Some(50));
        assert_eq!(c.playwright, ["e2e/corpus", "--grep", "x"]);
        assert!(parse(&["e2e", "--grep", "x"]).is_err(), "a flag xtask does not know");
    }

    #[test]
    fn a_value_that_does_not_parse_is_an_error_not_a_default() {
        assert!(parse(&["serve-dist", "--port", "eighty"]).is_err());
        assert!(parse(&["bench", "--entries", "-1"]).is_err());
        assert!(parse(&["deploy"]).is_err());
        assert!(parse(&[]).is_err(), "a command is required");
        assert!(parse(&["help"]).is_ok());
    }
}
