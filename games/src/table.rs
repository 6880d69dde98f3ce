//! Lookups in fixed tables that cannot panic and still work in `const fn`.

/// The element at `i` of `table`, or `None` past its end.
///
/// `<[T]>::get` is not usable in `const fn`; this is, so the game tables
/// (stations, routes) are read without any indexing that could panic.
pub const fn at<T: Copy>(table: &[T], i: usize) -> Option<T> {
    match table.split_at_checked(i) {
        Some((_, [x, ..])) => Some(*x),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::at;

    #[test]
    fn inside_and_past_the_end() {
        let t = [10, 20, 30];
        assert_eq!(at(&t, 0), Some(10));
        assert_eq!(at(&t, 2), Some(30));
        assert_eq!(at(&t, 3), None);
        assert_eq!(at(&t, usize::MAX), None);
        assert_eq!(at::<u8>(&[], 0), None);
    }
}
