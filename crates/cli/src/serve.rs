//! A small HTTP/1.1 server on `std::net`, for the twisty page
//! (`polycover twisty play`; docs/twisty-play.md says why no crate).
//!
//! It serves one local user's browser, so it is deliberately plain: one
//! thread per connection, one request per connection (every response says
//! `Connection: close`), bodies only with `Content-Length`. What it bounds,
//! so that no request can make it hang or grow:
//!
//! * the request line and headers: at most [`Limits::max_head`] bytes
//!   (else 431), read within [`Limits::io_timeout`] (a silent client is
//!   dropped);
//! * the body: at most [`Limits::max_body`] bytes (else 413, said before
//!   the body is read); chunked bodies are refused (411);
//! * connections open at once: at most [`Limits::max_connections`] (the
//!   next ones get 503 at once);
//! * the `Host` header, when there is one, must name the loopback address
//!   the server listens on (`127.0.0.1:PORT` or `localhost:PORT`), so a
//!   web page elsewhere cannot reach it through a rebound DNS name (403);
//! * the `Origin` header, when there is one, must be this server's own
//!   (`http://127.0.0.1:PORT` or `http://localhost:PORT`): a browser sends
//!   it with every cross-site POST, so a page on another site cannot drive
//!   the solver (403). A request without it comes from the page itself (a
//!   same-origin GET) or from a program that is not a browser, which could
//!   reach the port anyway.
//!
//! The handler answers a [`Request`] with a [`Response`]; it runs on the
//! connection's thread and must be safe to call from several at once.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// What one request may take.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Bytes of the request line and headers.
    pub max_head: usize,
    /// Bytes of a body.
    pub max_body: usize,
    /// Connections served at once.
    pub max_connections: usize,
    /// Longest wait for a read or a write on a connection.
    pub io_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_head: 8 * 1024,
            max_body: 64 * 1024,
            max_connections: 32,
            io_timeout: Duration::from_secs(20),
        }
    }
}

/// A request as the handler sees it.
#[derive(Debug)]
pub struct Request {
    pub method: String,
    /// The path, without the query.
    pub path: String,
    /// The query: what follows `?` in the target (empty without one).
    pub query: String,
    pub body: Vec<u8>,
}

/// A response.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Response {
    /// A JSON response.
    pub fn json(status: u16, v: &serde_json::Value) -> Response {
        Response {
            status,
            content_type: "application/json",
            body: v.to_string().into_bytes(),
        }
    }

    /// An error as JSON: `{"type": "error", "error": message}`.
    pub fn error(status: u16, message: impl Into<String>) -> Response {
        Response::json(status, &crate::output::error_json(&message.into()))
    }
}

/// The handler of requests.
pub type Handler = Arc<dyn Fn(&Request) -> Response + Send + Sync>;

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        411 => "Length Required",
        413 => "Content Too Large",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// The `Host` and `Origin` values of requests this server answers: its
/// own loopback address, by number or by name.
struct Allowed {
    hosts: [String; 2],
}

impl Allowed {
    fn new(port: u16) -> Allowed {
        Allowed {
            hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
        }
    }

    fn host(&self, value: &str) -> bool {
        self.hosts.iter().any(|h| h.eq_ignore_ascii_case(value))
    }

    /// `null` (a sandboxed or file page) and every other site are refused.
    fn origin(&self, value: &str) -> bool {
        value
            .get(..7)
            .is_some_and(|scheme| scheme.eq_ignore_ascii_case("http://"))
            && self.host(&value[7..])
    }
}

/// Serves connections from `listener` until the process ends.
pub fn serve(listener: TcpListener, limits: Limits, handler: Handler) -> io::Result<()> {
    let port = listener.local_addr()?.port();
    let hosts = Arc::new(Allowed::new(port));
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            // Out of file descriptors, say: let connections close.
            std::thread::sleep(Duration::from_millis(20));
            continue;
        };
        let _ = stream.set_read_timeout(Some(limits.io_timeout));
        let _ = stream.set_write_timeout(Some(limits.io_timeout));
        if open.fetch_add(1, Ordering::SeqCst) >= limits.max_connections {
            open.fetch_sub(1, Ordering::SeqCst);
            let _ = respond(
                &stream,
                &Response::error(503, "too many connections at once; try again"),
            );
            continue;
        }
        let (open, limits, handler, hosts) =
            (open.clone(), limits.clone(), handler.clone(), hosts.clone());
        std::thread::spawn(move || {
            connection(stream, &limits, &handler, &hosts);
            open.fetch_sub(1, Ordering::SeqCst);
        });
    }
    Ok(())
}

/// One connection: read one request, answer it, close.
fn connection(mut stream: TcpStream, limits: &Limits, handler: &Handler, hosts: &Allowed) {
    let response = match read_request(&mut stream, limits, hosts) {
        Ok(req) => handler(&req),
        Err(Some(r)) => r,
        Err(None) => return,
    };
    let _ = respond(&stream, &response);
    // Read what the client still sends (a body refused unread), up to a
    // bound and for a short while, so that closing does not reset the
    // connection before the client has read the answer.
    let _ = stream.shutdown(Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let _ = io::copy(
        &mut (&stream).take(4 * limits.max_body as u64 + (1 << 20)),
        &mut io::sink(),
    );
}

/// Reads a request; `Err(Some(response))` refuses it, `Err(None)` drops a
/// connection that sent nothing readable in time.
fn read_request(
    stream: &mut TcpStream,
    limits: &Limits,
    allowed: &Allowed,
) -> Result<Request, Option<Response>> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
        if buf.len() > limits.max_head {
            return Err(Some(Response::error(
                431,
                format!("request headers larger than {} bytes", limits.max_head),
            )));
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return Err(None),
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    };
    if head_end > limits.max_head {
        return Err(Some(Response::error(
            431,
            format!("request headers larger than {} bytes", limits.max_head),
        )));
    }
    let bad = |m: &str| Some(Response::error(400, m));
    let head = std::str::from_utf8(&buf[..head_end]).map_err(|_| bad("request head not UTF-8"))?;
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or("").split(' ');
    let (method, target) = match (first.next(), first.next(), first.next()) {
        (Some(m), Some(t), Some(v)) if v.starts_with("HTTP/1.") && t.starts_with('/') => (m, t),
        _ => return Err(bad("not an HTTP/1.x request line")),
    };
    let mut length = 0usize;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            return Err(bad("a header line without ':'"));
        };
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => {
                length = value
                    .parse()
                    .map_err(|_| bad("Content-Length is not a number"))?;
            }
            "transfer-encoding" => {
                return Err(Some(Response::error(
                    411,
                    "chunked bodies are not accepted: send Content-Length",
                )));
            }
            "host" if !allowed.host(value) => {
                return Err(Some(Response::error(
                    403,
                    format!("Host {value:?} is not this server's loopback address"),
                )));
            }
            "origin" if !allowed.origin(value) => {
                return Err(Some(Response::error(
                    403,
                    format!("Origin {value:?} is not this server's page"),
                )));
            }
            _ => {}
        }
    }
    if length > limits.max_body {
        return Err(Some(Response::error(
            413,
            format!(
                "request body of {length} bytes: at most {} accepted",
                limits.max_body
            ),
        )));
    }
    let mut body = buf[head_end + 4..].to_vec();
    body.truncate(length);
    while body.len() < length {
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return Err(bad("the body ended before Content-Length")),
            Ok(n) => {
                let take = n.min(length - body.len());
                body.extend_from_slice(&chunk[..take]);
            }
        }
    }
    Ok(Request {
        method: method.to_string(),
        path: target.split('?').next().unwrap_or("/").to_string(),
        query: target.split_once('?').map_or("", |q| q.1).to_string(),
        body,
    })
}

fn respond(mut stream: &TcpStream, r: &Response) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(&r.body)?;
    stream.flush()
}
