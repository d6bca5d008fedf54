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
