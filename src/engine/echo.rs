//! User input quoted back in a message: cut short, so that a message stays one readable line.

/// The longest piece of user input echoed back in a message.
const MAX_ECHO_CHARS: usize = 200;

/// Shortens a piece of user input for quoting in a message.
pub fn quote(text: &str) -> String {
    if text.chars().count() > MAX_ECHO_CHARS {
        text.chars().take(MAX_ECHO_CHARS).collect::<String>() + "..."
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_is_cut_only_past_its_longest_echo() {
        let longest = "x".repeat(MAX_ECHO_CHARS);
        assert_eq!(quote("short"), "short");
        assert_eq!(quote(&longest), longest);
        // Characters, not bytes: 201 two-byte characters are cut to 200 and the ellipsis.
        let over = "é".repeat(MAX_ECHO_CHARS + 1);
        assert_eq!(quote(&over), "é".repeat(MAX_ECHO_CHARS) + "...");
    }
}
