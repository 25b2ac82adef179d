//! The ids ([`GameId`], [`ChallengeId`], [`TournamentId`]) in SQL: stored as the integer
//! they wrap, for any database whose driver stores an `i64`. Compiled with the feature
//! `sqlx` only, which the store turns on (Rust's orphan rule wants these impls next to
//! the types).

use sqlx::{
    encode::IsNull,
    error::BoxDynError,
    Database, Decode, Encode, Type,
};

use super::{ChallengeId, GameId, TournamentId};

macro_rules! sql_id {
    ($name:ident) => {
        impl<DB: Database> Type<DB> for $name
        where
            i64: Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <i64 as Type<DB>>::type_info()
            }
            fn compatible(ty: &DB::TypeInfo) -> bool {
                <i64 as Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: Database> Encode<'q, DB> for $name
        where
            i64: Encode<'q, DB>,
        {
            fn encode_by_ref(&self, buf: &mut <DB as Database>::ArgumentBuffer) -> Result<IsNull, BoxDynError> {
                <i64 as Encode<'q, DB>>::encode_by_ref(&self.0, buf)
            }
        }

        impl<'r, DB: Database> Decode<'r, DB> for $name
        where
            i64: Decode<'r, DB>,
        {
            fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
                <i64 as Decode<'r, DB>>::decode(value).map($name)
            }
        }
    };
}

sql_id!(GameId);
sql_id!(ChallengeId);
sql_id!(TournamentId);
