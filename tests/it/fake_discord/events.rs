//! Scripted interactions (slash commands, autocomplete, button clicks, select menus) as
//! the gateway delivers them in `INTERACTION_CREATE`.

use serde_json::{json, Value};

use super::world::{FakeUser, APP_ID, GUILD_ID};

/// A string option of a slash command.
pub fn string(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

/// A boolean option.
pub fn boolean(name: &str, value: bool) -> Value {
    json!({"name": name, "type": 5, "value": value})
}

/// An integer option.
pub fn integer(name: &str, value: i64) -> Value {
    json!({"name": name, "type": 4, "value": value})
}

/// A subcommand (type 1) with its own options, as the only option of its command.
pub fn subcommand(name: &str, options: Vec<Value>) -> Value {
    json!({"name": name, "type": 1, "options": options})
}

/// The integer option being typed in an autocomplete interaction (what is typed so far,
/// as Discord sends it: a string).
pub fn focused_integer(name: &str, partial: &str) -> Value {
    json!({"name": name, "type": 4, "value": partial, "focused": true})
}

/// The string option being typed in an autocomplete interaction.
pub fn focused(name: &str, partial: &str) -> Value {
    json!({"name": name, "type": 3, "value": partial, "focused": true})
}

/// Where and by whom an interaction is made.
pub struct Origin<'a> {
    pub user: &'a FakeUser,
    pub channel_id: u64,
    /// Discord locale of the user's client, e.g. `en-US`, `de`.
    pub locale: &'a str,
}

/// The fields every interaction has.
pub fn interaction(id: u64, token: &str, kind: u8, origin: &Origin<'_>, data: Value) -> Value {
    json!({
        "id": id.to_string(), "application_id": APP_ID.to_string(), "type": kind, "data": data,
        "guild_id": GUILD_ID.to_string(), "channel_id": origin.channel_id.to_string(),
        "channel": {"id": origin.channel_id.to_string(), "type": 0},
        "member": origin.user.member_json(), "token": token, "version": 1,
        "app_permissions": "2248473465835073", "locale": origin.locale, "guild_locale": "en-US",
        "entitlements": [], "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
        "context": 0, "attachment_size_limit": 10_485_760
    })
}

/// The `data` of a slash command (type 2) or autocomplete (type 4) interaction.
pub fn command_data(command_id: u64, name: &str, options: Vec<Value>) -> Value {
    json!({"id": command_id.to_string(), "name": name, "type": 1, "options": options})
}

/// The `data` of a button click.
pub fn button_data(custom_id: &str) -> Value {
    json!({"custom_id": custom_id, "component_type": 2})
}

/// The `data` of a string select menu choice.
pub fn select_data(custom_id: &str, values: &[&str]) -> Value {
    json!({"custom_id": custom_id, "component_type": 3, "values": values})
}

/// A user option (type 6); the interaction must also carry the user in
/// `data.resolved` ([`with_resolved_users`]).
pub fn user(name: &str, user: &FakeUser) -> Value {
    json!({"name": name, "type": 6, "value": user.id.to_string()})
}

/// Adds the users that user options name to a command's `data.resolved`, as Discord does.
pub fn with_resolved_users(mut data: Value, users: &[&FakeUser]) -> Value {
    let mut resolved_users = serde_json::Map::new();
    let mut members = serde_json::Map::new();
    for u in users {
        resolved_users.insert(u.id.to_string(), u.json());
        let mut member = u.member_json();
        if let Some(m) = member.as_object_mut() {
            m.remove("user");
        }
        members.insert(u.id.to_string(), member);
    }
    data["resolved"] = json!({"users": resolved_users, "members": members});
    data
}
