//! The decoder reads what serde and postcard write, value for value, and refuses
//! bytes that hold no value of the type.

use proptest::prelude::*;
use serde::Serialize;
use wire::{decode, Decode};

#[derive(Clone, Debug, PartialEq, Serialize, Decode)]
struct Figures {
    byte: u8,
    short: u16,
    count: u32,
    big: u64,
    size: usize,
    delta: i32,
    wide: i64,
    small: i16,
    value: f64,
    half: f32,
    flag: bool,
    name: String,
    maybe: Option<u32>,
    list: Vec<String>,
    pairs: Vec<(u16, Option<String>)>,
    triple: (bool, u8, String),
}

#[derive(Clone, Debug, PartialEq, Serialize, Decode)]
struct Id(u16);

#[derive(Clone, Debug, PartialEq, Serialize, Decode)]
enum Kind<T> {
    Plain,
    One(T),
    Two(u32, String),
    Named { id: Id, values: Vec<f64> },
}

fn figures() -> impl Strategy<Value = Figures> {
    (
        (any::<u8>(), any::<u16>(), any::<u32>(), any::<u64>(), any::<usize>()),
        (
            any::<i32>(),
            any::<i64>(),
            any::<i16>(),
            any::<f64>(),
            any::<f32>(),
            any::<bool>(),
        ),
        (
            ".*",
            proptest::option::of(any::<u32>()),
            proptest::collection::vec(".*", 0..4),
        ),
        proptest::collection::vec((any::<u16>(), proptest::option::of(".*")), 0..4),
        (any::<bool>(), any::<u8>(), ".*"),
    )
        .prop_map(|(a, b, c, pairs, triple)| Figures {
            byte: a.0,
            short: a.1,
            count: a.2,
            big: a.3,
            size: a.4,
            delta: b.0,
            wide: b.1,
            small: b.2,
            value: b.3,
            half: b.4,
            flag: b.5,
            name: c.0,
            maybe: c.1,
            list: c.2,
            pairs,
            triple,
        })
}

fn kinds() -> impl Strategy<Value = Kind<Option<i64>>> {
    prop_oneof![
        Just(Kind::Plain),
        proptest::option::of(any::<i64>()).prop_map(Kind::One),
        (any::<u32>(), ".*").prop_map(|(n, s)| Kind::Two(n, s)),
        (any::<u16>(), proptest::collection::vec(any::<f64>(), 0..5))
            .prop_map(|(id, values)| Kind::Named { id: Id(id), values }),
    ]
}

/// Equal where the floats are bit for bit the same (NaN included).
fn same<T: std::fmt::Debug>(a: &T, b: &T) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

proptest! {
    #[test]
    fn structs_read_as_postcard_wrote_them(value in figures()) {
        let bytes = postcard::to_allocvec(&value).unwrap();
        let read: Figures = decode(&bytes).expect("decodes");
        prop_assert!(same(&read, &value), "{read:?} != {value:?}");
    }

    #[test]
    fn enums_read_as_postcard_wrote_them(value in proptest::collection::vec(kinds(), 0..6)) {
        let bytes = postcard::to_allocvec(&value).unwrap();
        let read: Vec<Kind<Option<i64>>> = decode(&bytes).expect("decodes");
        prop_assert!(same(&read, &value), "{read:?} != {value:?}");
    }

    /// Any prefix of a value, and the value with a byte more, is refused.
    #[test]
    fn a_value_cut_short_or_followed_by_more_is_refused(value in figures()) {
        let bytes = postcard::to_allocvec(&value).unwrap();
        for end in 0..bytes.len() {
            prop_assert!(decode::<Figures>(&bytes[..end]).is_none(), "prefix of {end} bytes read");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        prop_assert!(decode::<Figures>(&longer).is_none());
    }

    /// Arbitrary bytes never panic the decoder.
    #[test]
    fn any_bytes_are_read_or_refused_without_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let _ = decode::<Figures>(&bytes);
        let _ = decode::<Vec<Kind<Option<i64>>>>(&bytes);
    }
}

#[test]
fn bytes_that_hold_no_value_are_refused() {
    // A bool or an option's tag other than 0 and 1.
    assert_eq!(decode::<bool>(&[2]), None);
    assert_eq!(decode::<Option<u8>>(&[2, 0]), None);
    // A varint beyond the type, and one beyond 64 bits.
    assert_eq!(decode::<u16>(&[0x80, 0x80, 0x04]), None);
    assert_eq!(decode::<u16>(&[0xff, 0xff, 0x03]), Some(u16::MAX));
    assert_eq!(decode::<u64>(&[0xff; 11]), None);
    assert_eq!(
        decode::<u64>(&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02]),
        None
    );
    // A string that is not UTF-8; a length beyond the bytes left.
    assert_eq!(decode::<String>(&[2, 0xc3, 0x28]), None);
    assert_eq!(decode::<Vec<u8>>(&[0xff, 0xff, 0xff, 0xff, 0x0f, 1]), None);
    // A variant the enum does not have.
    assert_eq!(decode::<Kind<u8>>(&[4]), None);
    assert_eq!(decode::<Kind<u8>>(&[1, 7]), Some(Kind::One(7)));
}
