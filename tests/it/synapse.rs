//! A real Synapse homeserver on 127.0.0.1 for the Matrix tests, started through the
//! project's own `scripts/synapse.sh` (installs matrix-synapse from PyPI into a cached
//! venv on first use). One server per rate-limit configuration and test run; the script's
//! watcher stops it and deletes its data once this test process has exited.
//!
//! If Synapse cannot be installed or started, the tests fail with the script's output:
//! they never skip silently.

use std::{
    collections::HashMap,
    path::PathBuf,
    process::Command,
    sync::{
        OnceLock,
        atomic::{AtomicU32, Ordering},
    },
};

/// Which rate limits the server applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limits {
    /// Every `rc_*` limit raised (most tests).
    Relaxed,
    /// Synapse's defaults (`rc_message` 0.2/s, burst 10), as on a real homeserver.
    Default,
}

impl Limits {
    fn name(self) -> &'static str {
        match self {
            Limits::Relaxed => "relaxed",
            Limits::Default => "default",
        }
    }
}

/// A running homeserver.
pub struct Synapse {
    /// The client API base URL, e.g. `http://127.0.0.1:40123`.
    pub url: String,
    data: PathBuf,
    limits: Limits,
}

/// A registered account.
#[derive(Debug, Clone)]
pub struct Account {
    pub user_id: String,
    pub password: String,
    pub access_token: String,
    pub device_id: String,
}

fn script() -> PathBuf {
    crate::support::manifest_dir().join("scripts/synapse.sh")
}

fn key_values(text: &str) -> HashMap<String, String> {
    text.lines().filter_map(|l| l.split_once('=')).map(|(k, v)| (k.trim().to_string(), v.trim().to_string())).collect()
}

/// The shared server with `limits`, started on first use.
pub fn synapse(limits: Limits) -> &'static Synapse {
    static RELAXED: OnceLock<Synapse> = OnceLock::new();
    static DEFAULT: OnceLock<Synapse> = OnceLock::new();
    let cell = match limits {
        Limits::Relaxed => &RELAXED,
        Limits::Default => &DEFAULT,
    };
    cell.get_or_init(|| Synapse::start(limits.name(), limits))
}

impl Synapse {
    /// A server of its own (for a test that stops and restarts it), named `name`.
    pub fn dedicated(name: &str, limits: Limits) -> Synapse {
        Synapse::start(name, limits)
    }

    fn start(name: &str, limits: Limits) -> Synapse {
        let data = std::env::temp_dir().join(format!("spieltisch-it-{}-{name}", std::process::id()));
        let mut synapse = Synapse { url: String::new(), data, limits };
        synapse.url = synapse.launch();
        synapse
    }

    /// Runs `scripts/synapse.sh start` for this data dir and returns the URL.
    fn launch(&self) -> String {
        let output = Command::new("bash")
            .arg(script())
            .arg("start")
            .env("SYNAPSE_DATA", &self.data)
            .env("SYNAPSE_LIMITS", self.limits.name())
            .env("SYNAPSE_OWNER_PID", std::process::id().to_string())
            .env("SYNAPSE_EPHEMERAL", "1")
            .output()
            .expect("cannot run scripts/synapse.sh (bash missing?)");
        assert!(
            output.status.success(),
            "scripts/synapse.sh start failed ({}): the Matrix tests need Synapse from PyPI\n--- stdout\n{}\n--- stderr\n{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let env = key_values(&String::from_utf8_lossy(&output.stdout));
        env.get("SYNAPSE_URL").cloned().expect("scripts/synapse.sh printed no SYNAPSE_URL")
    }

    /// Stops the server (its data stays).
    pub fn stop(&self) {
        let status = Command::new("bash").arg(script()).arg("stop").env("SYNAPSE_DATA", &self.data).status().expect("run stop");
        assert!(status.success(), "scripts/synapse.sh stop failed");
    }

    /// Starts the stopped server again, on the same port.
    pub fn restart(&self) {
        let url = self.launch();
        assert_eq!(url, self.url, "the restarted server kept its port");
    }

    /// Registers a new account whose localpart starts with `name` (a counter makes it
    /// unique within the test run).
    pub fn register(&self, name: &str) -> Account {
        static NEXT: AtomicU32 = AtomicU32::new(1);
        let localpart = format!("{name}{}", NEXT.fetch_add(1, Ordering::Relaxed));
        let password = format!("{localpart}-password");
        let output = Command::new("bash")
            .arg(script())
            .args(["register", &localpart, &password])
            .env("SYNAPSE_DATA", &self.data)
            .output()
            .expect("cannot run scripts/synapse.sh");
        assert!(
            output.status.success(),
            "registering {localpart} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let values = key_values(&String::from_utf8_lossy(&output.stdout));
        let get = |k: &str| values.get(k).cloned().unwrap_or_else(|| panic!("registration printed no {k}"));
        Account { user_id: get("user_id"), password, access_token: get("access_token"), device_id: get("device_id") }
    }
}

impl Drop for Synapse {
    /// A dedicated server stops with its test (the shared ones live until the process
    /// exits, when the script's watcher stops them).
    fn drop(&mut self) {
        let _ = Command::new("bash").arg(script()).arg("stop").env("SYNAPSE_DATA", &self.data).output();
    }
}
