//! The command families. A feature imports the layers below ([`crate::table`] and
//! down), never another feature or the host.

pub mod challenges;
pub(crate) mod conditional;
pub mod dashboard;
pub(crate) mod info;
pub mod invitations;
pub(crate) mod lobby;
pub(crate) mod play;
pub mod review;
pub mod ratings;
pub mod reminders;
pub mod settings;
pub(crate) mod takeback;
pub(crate) mod timeouts;
pub mod tournaments;
pub mod vacation;
