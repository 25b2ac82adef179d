//! The HTTP client and the gateway: the real Discord with serenity's rate limiter, or a
//! Discord-compatible API at `[discord] api_url`.

use serenity::http::{Http, HttpBuilder};

use super::redact::redact;
use crate::secret::Secret;

/// The HTTP client. With `api_url` every request goes there instead of
/// `https://discord.com`; serenity only honours that with its rate limiter off (the
/// limiter rebuilds requests without the proxy), so the limiter is off exactly then.
/// Against the real Discord it stays on.
pub fn http(token: &Secret, api_url: Option<&str>) -> Http {
    let builder = HttpBuilder::new(token.expose());
    match api_url {
        Some(url) => builder.proxy(url).ratelimiter_disabled(true).build(),
        None => builder.build(),
    }
}

/// With `api_url` set, checks that the API names a gateway (`GET /api/v10/gateway`), so
/// the bot fails loudly instead of serenity's silent fallback to the real gateway.
///
/// # Errors
/// The API's error (without secrets).
pub async fn check_gateway(http: &Http, api_url: Option<&str>, token: &Secret) -> anyhow::Result<()> {
    let Some(url) = api_url else { return Ok(()) };
    match http.get_gateway().await {
        Ok(gateway) => {
            tracing::info!(api = url, gateway = %gateway.url, "Discord: using another Discord-compatible API");
            Ok(())
        }
        Err(e) => anyhow::bail!("the Discord API at {url} gave no gateway URL: {}", redact(&e.to_string(), token.expose())),
    }
}
