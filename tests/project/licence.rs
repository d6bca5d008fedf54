//! The licence is one the dependencies allow: shakmaty, which the engine links and whose move
//! generation routines src/board/movegen.rs follows, is GPL-3.0-or-later, so the engine is too,
//! with the licence text in the repository and the README saying so.

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn the_crate_is_gpl_3_or_later_as_shakmaty() {
    assert_eq!(env!("CARGO_PKG_LICENSE"), "GPL-3.0-or-later");
}

#[test]
fn the_licence_text_is_in_the_repository() {
    let text = std::fs::read_to_string(format!("{ROOT}/LICENSE")).expect("LICENSE is readable");
    let mut lines = text.lines().map(str::trim);
    assert_eq!(lines.next(), Some("GNU GENERAL PUBLIC LICENSE"));
    assert_eq!(lines.next(), Some("Version 3, 29 June 2007"));
    for part in [
        "TERMS AND CONDITIONS",
        "15. Disclaimer of Warranty.",
        "END OF TERMS AND CONDITIONS",
        "How to Apply These Terms to Your New Programs",
    ] {
        assert!(text.contains(part), "LICENSE lacks '{part}'");
    }
}

#[test]
fn the_readme_states_the_licence() {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).expect("README.md");
    let section = readme
        .split("\n## Licence\n")
        .nth(1)
        .expect("a Licence section");
    assert!(
        section.contains("GPL-3.0-or-later") && section.contains("`LICENSE`"),
        "{section}"
    );
}
