//! `sqlx::migrate!` embeds the migrations (`migrations/sqlite`, `migrations/postgres`
//! at the workspace root): a new one must rebuild the crate.

fn main() {
    println!("cargo:rerun-if-changed=../../migrations/sqlite");
    println!("cargo:rerun-if-changed=../../migrations/postgres");
}
