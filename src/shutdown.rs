//! Stopping on a signal: Ctrl-C (SIGINT) or `kill` (SIGTERM) ends `spieltisch run`
//! gracefully on every platform adapter (they wait for a
//! `tokio_util::sync::CancellationToken` that `main` cancels when [`signal`] completes).

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
