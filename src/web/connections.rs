//! Bounds on the web server's connections, so that nobody can use up the process's
//! file handles (which the bot needs for its database and chat connections) or the
//! page's slots by opening connections and holding them: at most
//! [`Limits::connections`] at once (more wait in the kernel's accept queue); a
//! connection that sends nothing for [`Limits::idle`] is closed (a slow or silent
//! client, an idle keep-alive), and so is one whose answer cannot be written for as long
//! (a client that sends requests and never reads); and no connection lives longer than
//! [`Limits::lifetime`] (a client that sends a byte now and then): after it no further
//! request is read, and an answer under way has [`Limits::idle`] more to be written.
//! So all slots taken by such clients are free again after at most lifetime + idle.

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

/// The bounds on the web server's connections (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections served at once.
    pub connections: usize,
    /// How long a connection may send nothing, or take nothing of its answer, before it
    /// is closed.
    pub idle: Duration,
    /// How long a connection may read requests at all.
    pub lifetime: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { connections: 512, idle: Duration::from_secs(20), lifetime: Duration::from_secs(60) }
    }
}

/// A TCP listener that hands out at most `limits.connections` connections at once.
pub struct Bounded {
    listener: TcpListener,
    slots: Arc<Semaphore>,
    limits: Limits,
}

impl Bounded {
    pub fn new(listener: TcpListener, limits: Limits) -> Bounded {
        Bounded { listener, slots: Arc::new(Semaphore::new(limits.connections)), limits }
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
                Ok((stream, addr)) => return (Guarded::new(stream, slot, self.limits), addr),
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

/// A connection holding its slot. Reading fails with `TimedOut` once nothing has come
/// for the idle time or the lifetime is over; writing, once nothing could be written
/// for the idle time or the lifetime and the idle time after it are over. Either makes
/// the server close it.
pub struct Guarded {
    stream: TcpStream,
    _slot: OwnedSemaphorePermit,
    idle: Duration,
    /// When reading fails: the idle time after the last read.
    read_deadline: Pin<Box<Sleep>>,
    /// When writing fails: the idle time after the first write that found the client's
    /// buffer full (`None` while writes go through).
    write_deadline: Option<Pin<Box<Sleep>>>,
    /// The end of the lifetime (no further reads), and of the grace after it (no writes).
    last_read: Pin<Box<Sleep>>,
    last_write: Pin<Box<Sleep>>,
}

impl Guarded {
    fn new(stream: TcpStream, slot: OwnedSemaphorePermit, limits: Limits) -> Guarded {
        let now = Instant::now();
        Guarded {
            stream,
            _slot: slot,
            idle: limits.idle,
            read_deadline: Box::pin(tokio::time::sleep_until(now + limits.idle)),
            write_deadline: None,
            last_read: Box::pin(tokio::time::sleep_until(now + limits.lifetime)),
            last_write: Box::pin(tokio::time::sleep_until(now + limits.lifetime + limits.idle)),
        }
    }
}

fn timed_out(what: &'static str) -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, what)
}

impl AsyncRead for Guarded {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.last_read.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(timed_out("the web connection's lifetime is over")));
        }
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(result) => {
                let next = Instant::now() + this.idle;
                this.read_deadline.as_mut().reset(next);
                Poll::Ready(result)
            }
            Poll::Pending => match this.read_deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(timed_out("the web client sent nothing"))),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl Guarded {
    /// Why a write that found the client's buffer full fails now: the client has taken
    /// nothing for the idle time, or the connection is past its lifetime and grace;
    /// `None`: it waits on.
    fn write_stalled(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        let idle = self.idle;
        let stalled = self.write_deadline.get_or_insert_with(|| Box::pin(tokio::time::sleep(idle)));
        if stalled.as_mut().poll(cx).is_ready() {
            return Some(timed_out("the web client took nothing of its answer"));
        }
        if self.last_write.as_mut().poll(cx).is_ready() {
            return Some(timed_out("the web connection's lifetime is over"));
        }
        None
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        match Pin::new(&mut this.stream).poll_write(cx, buf) {
            Poll::Ready(result) => {
                this.write_deadline = None;
                Poll::Ready(result)
            }
            Poll::Pending => this.write_stalled(cx).map_or(Poll::Pending, |e| Poll::Ready(Err(e))),
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match Pin::new(&mut this.stream).poll_flush(cx) {
            Poll::Ready(result) => Poll::Ready(result),
            Poll::Pending => this.write_stalled(cx).map_or(Poll::Pending, |e| Poll::Ready(Err(e))),
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
