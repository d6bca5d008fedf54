//! How much transposition table the machine can give: the `Hash` option's limit, and the
//! refusal of a size that memory cannot hold now.

use std::sync::OnceLock;

/// The largest `Hash` ever announced, in MB (1 TiB), whatever the machine.
pub const MAX_HASH_MB: usize = 1 << 20;
/// Default `Hash`, in MB.
pub const DEFAULT_HASH_MB: usize = 16;

/// The largest `Hash` announced and accepted, in MB: half the memory available when the engine
/// starts (the first call), at least the default and at most [`MAX_HASH_MB`]; [`MAX_HASH_MB`]
/// where the available memory cannot be read. A table is allocated zeroed by the system, so
/// memory is only taken as the search fills it.
pub fn hash_limit_mb() -> usize {
    static LIMIT: OnceLock<usize> = OnceLock::new();
    *LIMIT.get_or_init(|| hash_limit_for(available_memory_mb()))
}

/// The `Hash` limit with `available_mb` of memory available (None: unknown).
fn hash_limit_for(available_mb: Option<usize>) -> usize {
    available_mb.map_or(MAX_HASH_MB, |mb| {
        (mb / 2).clamp(DEFAULT_HASH_MB, MAX_HASH_MB)
    })
}

/// Why a table of `mb` MB is refused now, with `available_mb` of memory available: more than
/// three quarters of it would leave too little for the rest of the machine (memory may have
/// been taken since the start). The announced limit, half the memory at the start, is thus
/// accepted unless a third of that memory has gone since, not by the chance of a few MB.
pub fn hash_refusal(mb: usize, available_mb: Option<usize>) -> Option<String> {
    let available = available_mb?;
    (mb > available / 4 * 3)
        .then(|| format!("Hash {mb} MB refused, only {available} MB of memory is available"))
}

/// Whether the machine can give a table of `mb` MB now; why not if it cannot.
pub fn check_hash(mb: usize) -> Result<(), String> {
    hash_refusal(mb, available_memory_mb()).map_or(Ok(()), Err)
}

/// Memory the system can still give, in MB (Linux only; None elsewhere).
pub fn available_memory_mb() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo
        .lines()
        .find(|line| line.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_limit_is_half_the_available_memory_within_bounds() {
        assert_eq!(hash_limit_for(Some(24_000)), 12_000);
        assert_eq!(hash_limit_for(Some(10)), DEFAULT_HASH_MB);
        assert_eq!(hash_limit_for(Some(usize::MAX)), MAX_HASH_MB);
        assert_eq!(hash_limit_for(None), MAX_HASH_MB);
        let limit = hash_limit_mb();
        assert!((DEFAULT_HASH_MB..=MAX_HASH_MB).contains(&limit));
        if let Some(available) = available_memory_mb() {
            // Read at the first call; memory may have come and gone a little since.
            assert!(limit <= (available / 2).max(DEFAULT_HASH_MB) * 2, "{limit}");
        }
    }

    #[test]
    fn a_table_above_three_quarters_of_the_memory_available_now_is_refused() {
        assert_eq!(hash_refusal(750, Some(1000)), None);
        assert_eq!(hash_refusal(1 << 30, None), None);
        let refusal = hash_refusal(751, Some(1000)).expect("refused");
        assert!(refusal.contains("Hash 751 MB refused"), "{refusal}");
        // The announced limit, with a little less memory than at the start, is taken.
        assert_eq!(
            hash_refusal(hash_limit_for(Some(24_000)), Some(23_000)),
            None
        );
    }

    /// `/proc/meminfo`'s value of `field`, in kB.
    #[cfg(target_os = "linux")]
    fn meminfo_kb(field: &str) -> usize {
        let meminfo = std::fs::read_to_string("/proc/meminfo").expect("Linux has /proc/meminfo");
        meminfo
            .lines()
            .find_map(|line| line.strip_prefix(field))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|kb| kb.parse().ok())
            .unwrap_or_else(|| panic!("{field} in /proc/meminfo"))
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn the_available_memory_is_read_in_mb_and_a_table_of_the_whole_machine_is_refused() {
        let total_mb = meminfo_kb("MemTotal:") / 1024;
        let available = available_memory_mb().expect("MemAvailable on Linux");
        assert!(
            available > 0 && available <= total_mb,
            "{available} MB available of {total_mb} MB"
        );
        let refusal = check_hash(total_mb).expect_err("more than three quarters available");
        assert!(
            refusal.contains(&format!("Hash {total_mb} MB refused")),
            "{refusal}"
        );
    }
}
