//! The part of the workload contract (docs/workload.md) that the hello-suite binaries share: where to listen and
//! how many workers to run (section 1), and the bodies of `GET /hello` (section 4.5) and of the 404 and 405
//! answers (section 5). No dependencies, so that each binary links only its framework.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// Body of `GET /hello`: 13 bytes, no line feed.
pub const HELLO: &str = "Hello, World!";
/// Body of a 404 (a path that is not `/hello`).
pub const NOT_FOUND: &str = "Not Found";
/// Body of a 405 (`/hello` with another method than `GET`).
pub const METHOD_NOT_ALLOWED: &str = "Method Not Allowed";
/// `Content-Type` of all three bodies.
pub const TEXT: &str = "text/plain; charset=utf-8";

/// Where a binary listens and how many workers (threads, event loops) it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Listen {
    /// The address to listen on, and only there.
    pub host: IpAddr,
    /// TCP port on `host`.
    pub port: u16,
    /// Worker threads; at least 1.
    pub workers: usize,
}

impl Listen {
    /// Reads `HOST` (an IP literal, default 127.0.0.1), `PORT` (default 8080) and `WORKERS` (default: the CPUs this process may run on).
    pub fn from_env() -> Result<Self, String> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// As [`Listen::from_env`], with the variables looked up by `var`; the error names the variable at fault.
    pub fn from_lookup(var: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let listen = Listen {
            host: match var("HOST") {
                None => IpAddr::V4(Ipv4Addr::LOCALHOST),
                Some(text) => text
                    .trim()
                    .parse()
                    .map_err(|_| format!("HOST must be an IP address such as 127.0.0.1, got {text:?}"))?,
            },
            port: number(&var, "PORT", 8080)?,
            workers: number(&var, "WORKERS", cores)?,
        };
        if listen.workers < 1 {
            return Err("WORKERS must be at least 1".into());
        }
        Ok(listen)
    }

    /// `HOST:PORT`.
    pub fn addr(&self) -> SocketAddr {
        SocketAddr::new(self.host, self.port)
    }

    /// Reads the environment, or prints why it cannot to stderr as `app: reason` and exits with status 1.
    pub fn from_env_or_exit(app: &str) -> Self {
        Self::from_env().unwrap_or_else(|reason| fail(app, reason))
    }
}

/// Prints `app: reason` to stderr and exits with status 1: what a binary does when it cannot start or serve.
pub fn fail(app: &str, reason: impl std::fmt::Display) -> ! {
    eprintln!("{app}: {reason}");
    std::process::exit(1)
}

fn number<T: std::str::FromStr>(var: &impl Fn(&str) -> Option<String>, name: &str, default: T) -> Result<T, String> {
    match var(name) {
        None => Ok(default),
        Some(text) => text
            .trim()
            .parse()
            .map_err(|_| format!("{name} must be a whole number, got {text:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listen(vars: &[(&str, &str)]) -> Result<Listen, String> {
        Listen::from_lookup(|name| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string()))
    }

    #[test]
    fn reads_host_port_and_workers() {
        let local = IpAddr::V4(Ipv4Addr::LOCALHOST);
        assert_eq!(
            listen(&[("PORT", "18081"), ("WORKERS", "3")]),
            Ok(Listen { host: local, port: 18081, workers: 3 })
        );
        assert_eq!(listen(&[("PORT", "18081")]).unwrap().addr().to_string(), "127.0.0.1:18081");
        assert_eq!(listen(&[("HOST", "10.77.0.2"), ("PORT", "18081")]).unwrap().addr().to_string(), "10.77.0.2:18081");
        assert_eq!(listen(&[("HOST", "::1"), ("PORT", "18081")]).unwrap().addr().to_string(), "[::1]:18081");
    }

    #[test]
    fn defaults_to_8080_and_the_available_cores() {
        let cores = std::thread::available_parallelism().unwrap().get();
        assert_eq!(listen(&[]), Ok(Listen { host: IpAddr::V4(Ipv4Addr::LOCALHOST), port: 8080, workers: cores }));
    }

    #[test]
    fn names_the_variable_at_fault() {
        assert!(listen(&[("HOST", "localhost")]).unwrap_err().starts_with("HOST"));
        assert!(listen(&[("PORT", "x")]).unwrap_err().contains("PORT"));
        assert!(listen(&[("PORT", "70000")]).unwrap_err().contains("PORT"));
        assert!(listen(&[("WORKERS", "-1")]).unwrap_err().contains("WORKERS"));
        assert!(listen(&[("WORKERS", "0")]).unwrap_err().contains("WORKERS"));
    }

    #[test]
    fn hello_is_the_contracts_13_bytes() {
        assert_eq!(HELLO.len(), 13);
    }
}
