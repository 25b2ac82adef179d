//! Stopping on a signal: Ctrl-C (SIGINT) or `kill` (SIGTERM) ends `spieltisch run`
//! gracefully on every platform adapter.

/// Completes on the first Ctrl-C or SIGTERM (on Unix); never completes if no signal
/// handler can be installed (that is logged).
pub async fn signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    result = tokio::signal::ctrl_c() => {
                        if let Err(error) = result {
                            tracing::warn!("cannot listen for Ctrl-C: {error}");
                            let _ = terminate.recv().await;
                        }
                    }
                    _ = terminate.recv() => {}
                }
                return;
            }
            Err(error) => tracing::warn!("cannot listen for SIGTERM: {error}"),
        }
    }
    if let Err(error) = tokio::signal::ctrl_c().await {
        tracing::warn!("cannot listen for Ctrl-C: {error}");
        std::future::pending::<()>().await;
    }
}

/// A shutdown that many tasks wait for: [`Shutdown::wait`] completes once
/// [`Shutdown::trigger`] was called (before or after).
#[derive(Clone)]
pub struct Shutdown {
    tx: std::sync::Arc<tokio::sync::watch::Sender<bool>>,
}

impl Default for Shutdown {
    fn default() -> Self {
        Shutdown { tx: std::sync::Arc::new(tokio::sync::watch::channel(false).0) }
    }
}

impl Shutdown {
    /// Starts the shutdown.
    pub fn trigger(&self) {
        self.tx.send_replace(true);
    }

    /// Completes once the shutdown has started.
    pub fn wait(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut rx = self.tx.subscribe();
        async move {
            let _ = rx.wait_for(|stopped| *stopped).await;
        }
    }
}
