//! Bounds on the web server's connections, so that nobody can use up the process's
//! file handles (which the bot needs for its database and chat connections) by opening
//! connections and sending nothing: at most [`MAX_CONNECTIONS`] at once (more wait in
//! the kernel's accept queue), and a connection that sends nothing for [`IDLE`] is
//! closed (a slow or silent client, an idle keep-alive).

use std::{
    io,
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
    time::Duration,
};

use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    net::{TcpListener, TcpStream},
    sync::{OwnedSemaphorePermit, Semaphore},
    time::{Instant, Sleep},
};

/// Connections served at once.
pub const MAX_CONNECTIONS: usize = 512;
/// How long a connection may send nothing before it is closed.
pub const IDLE: Duration = Duration::from_secs(20);

/// A TCP listener that hands out at most `limit` connections at once.
pub struct Bounded {
    listener: TcpListener,
    slots: Arc<Semaphore>,
    idle: Duration,
}

impl Bounded {
    pub fn new(listener: TcpListener, limit: usize, idle: Duration) -> Bounded {
        Bounded { listener, slots: Arc::new(Semaphore::new(limit)), idle }
    }
}

impl axum::serve::Listener for Bounded {
    type Io = Guarded;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Guarded, std::net::SocketAddr) {
        loop {
            // A slot first: while all are taken, new connections wait unaccepted.
            let Ok(slot) = self.slots.clone().acquire_owned().await else {
                // The semaphore is never closed; should it be, stop accepting for a while.
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            };
            match self.listener.accept().await {
                Ok((stream, addr)) => {
                    let deadline = Box::pin(tokio::time::sleep(self.idle));
                    return (Guarded { stream, _slot: slot, idle: self.idle, deadline }, addr);
                }
                Err(e) => {
                    // Out of file handles and the like: wait, as axum's own listener does.
                    tracing::warn!(error = %e, "accepting a web connection failed");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        }
    }

    fn local_addr(&self) -> io::Result<std::net::SocketAddr> {
        self.listener.local_addr()
    }
}

/// A connection holding its slot; reading fails with `TimedOut` once nothing has come
/// for the idle time, which makes the server close it.
pub struct Guarded {
    stream: TcpStream,
    _slot: OwnedSemaphorePermit,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl AsyncRead for Guarded {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(result) => {
                let next = Instant::now() + this.idle;
                this.deadline.as_mut().reset(next);
                Poll::Ready(result)
            }
            Poll::Pending => match this.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "the web client sent nothing"))),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
