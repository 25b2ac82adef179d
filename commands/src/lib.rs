//! Spieltisch command layer: platform-neutral commands, storage and replies.
