//! A game's [`Status`] in SQL: stored as its word. (The ids' SQL form is in
//! `commands_base::ids`, feature `sqlx`.)

use sqlx::{
    encode::IsNull,
    error::BoxDynError,
    Database, Decode, Encode, Type,
};

use super::Status;

impl<DB: Database> Type<DB> for Status
where
    str: Type<DB>,
{
    fn type_info() -> DB::TypeInfo {
        <str as Type<DB>>::type_info()
    }
    fn compatible(ty: &DB::TypeInfo) -> bool {
        <str as Type<DB>>::compatible(ty)
    }
}

impl<'q, DB: Database> Encode<'q, DB> for Status
where
    &'q str: Encode<'q, DB>,
{
    fn encode_by_ref(&self, buf: &mut <DB as Database>::ArgumentBuffer) -> Result<IsNull, BoxDynError> {
        <&str as Encode<'q, DB>>::encode_by_ref(&self.word(), buf)
    }
}

impl<'r, DB: Database> Decode<'r, DB> for Status
where
    &'r str: Decode<'r, DB>,
{
    fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
        let word = <&str as Decode<'r, DB>>::decode(value)?;
        Status::from_word(word).ok_or_else(|| format!("`{word}` is not a game status").into())
    }
}
