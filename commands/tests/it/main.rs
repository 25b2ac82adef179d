//! The command layer's integration tests (one test binary, modules per subject), on
//! temporary database files.

mod ai_seats;
mod answers;
mod bank_clock;
mod boards_ahead;
mod artifakes;
mod aratoth;
mod challenges;
mod concurrency;
mod conditional;
mod dashboard;
mod grammar;
mod help_words;
mod helofag;
mod permissions;
mod polls;
mod privacy;
mod support;
mod clocks;
mod invitations;
mod limits;
mod names;
mod outage;
mod slowsupport;
mod takeback;
mod tournaments;
mod tournament_trial;
mod tournament_runs;
mod tournament_series;
mod tournament_pages;
mod unanswered;
mod races;
mod ratings;
mod reviews;
mod settings;
mod table_talk;
