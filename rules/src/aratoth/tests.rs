//! Aratoth rules tests.
