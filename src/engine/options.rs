//! The UCI options, each declared once ([`OPTIONS`]): its name, its type and range, and how it
//! reads and changes the engine's [`Settings`]. Its default is what it reads in
//! [`Settings::DEFAULT`]; `uci` lists the options from here, `setoption` changes the settings
//! through here, and so does every `--set NAME=VALUE` of the command line ([`Settings::assign`]).

pub use crate::engine::option_table::{
    find, OptionKind, OptionValue, SpinMax, UciOption, EMPTY_TEXT, MAX_MULTI_PV, MAX_THREADS,
    OPTIONS,
};
pub use crate::engine::settings::{Assignment, OptionChange, Settings};

use std::path::Path;

use crate::engine::echo::quote;
use crate::engine::memory::check_hash;
use crate::eval::nnue;

/// What a changed option asks of whoever holds the search's state, beyond the settings: the
/// UCI loop's engine, or the command line for its tools. Each effect that cannot be carried out
/// says why, and what was in use stays.
pub trait OptionEffects {
    /// Gives the table `mb` megabytes.
    fn resize_hash(&mut self, mb: usize) -> Result<(), String>;
    /// Empties the table and forgets the ordering heuristics.
    fn clear_hash(&mut self);
    /// Opens the tablebases of the directories in `path` (none when it is empty).
    fn open_tablebases(&mut self, path: &str) -> Result<(), String>;
    /// Uses the net of the file at `path` (the embedded net when it is empty or `<empty>`).
    fn open_net(&mut self, path: &str) -> Result<(), String>;
}

/// The effects of an option for a search run without the UCI loop (the command line's tools,
/// the players of `engine play`): the table's size is checked and recorded, for the tool to
/// make its table; there is no table to clear yet and no tablebases; the net is the process's.
pub struct Standalone {
    /// Why the tablebases cannot be used here.
    pub no_tablebases: &'static str,
    /// Why a net cannot be chosen here, if it cannot.
    pub no_net: Option<&'static str>,
}

impl OptionEffects for Standalone {
    fn resize_hash(&mut self, mb: usize) -> Result<(), String> {
        check_hash(mb)
    }

    fn clear_hash(&mut self) {}

    fn open_tablebases(&mut self, _: &str) -> Result<(), String> {
        Err(self.no_tablebases.to_string())
    }

    fn open_net(&mut self, path: &str) -> Result<(), String> {
        if let Some(why) = self.no_net {
            return Err(why.to_string());
        }
        match path.trim() {
            "" | EMPTY_TEXT => {
                nnue::use_embedded();
                Ok(())
            }
            path => nnue::use_file(Path::new(path)),
        }
    }
}

impl Settings {
    /// Sets an option and carries out what it asks through `effects`: the one way every front
    /// end changes an option. On any error the settings stay as they were.
    pub fn apply(
        &mut self,
        name: &str,
        value: Option<&str>,
        effects: &mut impl OptionEffects,
    ) -> Result<(), String> {
        let mut next = *self;
        let text = value.unwrap_or("");
        let option = find(name).map_or(name, |option| option.name);
        // The refusal echoes what was sent, cut short as every echo is.
        match next.set(name, value).map_err(|why| quote(&why))? {
            OptionChange::Hash => effects.resize_hash(next.hash_mb)?,
            OptionChange::ClearHash => effects.clear_hash(),
            OptionChange::SyzygyPath => effects
                .open_tablebases(text)
                .map_err(|why| format!("{option}: {why}"))?,
            OptionChange::EvalFile => {
                effects
                    .open_net(text)
                    .map_err(|why| format!("{option}: {why}"))?;
                // The table's scores and static evaluations were the other net's.
                effects.clear_hash();
            }
            OptionChange::Value => {}
        }
        // The table keeps scores and static evaluations of the evaluator that wrote them.
        if next.search.evaluation != self.search.evaluation {
            effects.clear_hash();
        }
        *self = next;
        Ok(())
    }

    /// Sets an option by name (any case and spacing) to a value checked against its type and
    /// range; on any error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionChange, String> {
        let option = find(name).ok_or_else(|| format!("no such option: '{name}'"))?;
        option.set(self, value)
    }

    /// Applies one `NAME=VALUE` (the command line's `--set`, an item of a player of
    /// `engine play`) through `effects`: the one parser of them all. Returns the name and value.
    pub fn assign<'s>(
        &mut self,
        setting: &'s str,
        effects: &mut impl OptionEffects,
    ) -> Result<Assignment<'s>, String> {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("'{setting}' is not NAME=VALUE"))?;
        let (name, value) = (name.trim(), value.trim());
        self.apply(name, Some(value), effects)?;
        Ok(Assignment { name, value })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::memory::hash_limit_mb;
    use crate::eval::Evaluation;
    use crate::search::types::SearchKind;

    #[test]
    fn a_standalone_tool_refuses_tablebases_and_nets_and_a_table_too_big_for_the_machine() {
        let mut tool = Standalone {
            no_tablebases: "no tablebases in this tool",
            no_net: Some("no net in this tool"),
        };
        assert_eq!(
            tool.open_tablebases("/tmp"),
            Err("no tablebases in this tool".to_string())
        );
        assert_eq!(tool.open_net(""), Err("no net in this tool".to_string()));
        if let Some(available) = crate::engine::memory::available_memory_mb() {
            assert!(tool.resize_hash(available * 2).is_err());
        }
    }

    /// Effects that record what was asked, refusing what `refuse` names.
    #[derive(Default)]
    struct Recorded {
        asked: Vec<String>,
        refuse: &'static str,
    }

    impl Recorded {
        fn ask(&mut self, what: String) -> Result<(), String> {
            let refused = !self.refuse.is_empty() && what.starts_with(self.refuse);
            self.asked.push(what);
            if refused {
                Err("refused".to_string())
            } else {
                Ok(())
            }
        }
    }

    impl OptionEffects for Recorded {
        fn resize_hash(&mut self, mb: usize) -> Result<(), String> {
            self.ask(format!("hash {mb}"))
        }
        fn clear_hash(&mut self) {
            self.asked.push("clear".to_string());
        }
        fn open_tablebases(&mut self, path: &str) -> Result<(), String> {
            self.ask(format!("tablebases {path}"))
        }
        fn open_net(&mut self, path: &str) -> Result<(), String> {
            self.ask(format!("net {path}"))
        }
    }

    #[test]
    fn apply_carries_out_each_effect_and_records_the_table_size_it_got() {
        let mut settings = Settings::default();
        let mut effects = Recorded::default();
        for (name, value) in [
            ("Hash", Some("64")),
            ("Clear Hash", None),
            ("SyzygyPath", Some("/tb")),
            ("EvalFile", Some("x.nnue")),
            ("Evaluation", Some("Material")),
            ("Evaluation", Some("Material")),
        ] {
            assert_eq!(settings.apply(name, value, &mut effects), Ok(()), "{name}");
        }
        let asked = [
            "hash 64",
            "clear",
            "tablebases /tb",
            "net x.nnue",
            "clear",
            "clear",
        ];
        assert_eq!(effects.asked, asked);
        assert_eq!(settings.hash_mb, 64);
        assert_eq!(settings.search.evaluation, Evaluation::Material);
    }

    #[test]
    fn a_refused_effect_or_value_changes_no_setting() {
        for (refuse, name, value) in [
            ("hash", "Hash", "64"),
            ("tablebases", "SyzygyPath", "/tb"),
            ("net", "EvalFile", "x.nnue"),
            ("", "Hash", "0"),
            ("", "Evaluation", "Neural"),
        ] {
            let mut settings = Settings::default();
            let mut effects = Recorded {
                refuse,
                ..Recorded::default()
            };
            assert!(settings.apply(name, Some(value), &mut effects).is_err());
            assert_eq!(settings, Settings::DEFAULT, "{name}");
            assert!(!effects.asked.contains(&"clear".to_string()), "{name}");
        }
    }

    #[test]
    fn names_match_without_case_and_with_any_spacing() {
        let mut settings = Settings::default();
        assert_eq!(
            settings.set("move   OVERHEAD", Some("50")),
            Ok(OptionChange::Value)
        );
        assert_eq!(settings.move_overhead_ms, 50);
        assert_eq!(
            settings.set("search", Some("minimax")),
            Ok(OptionChange::Value)
        );
        assert_eq!(settings.search.kind, SearchKind::Minimax);
        assert_eq!(
            settings.set("EVALUATION", Some("material")),
            Ok(OptionChange::Value)
        );
        assert_eq!(settings.search.evaluation, Evaluation::Material);
    }

    #[test]
    fn the_combos_list_every_search_and_evaluator_and_default_to_the_strongest() {
        let combo = |name: &str| match find(name).map(|option| option.kind) {
            Some(OptionKind::Combo { vars, .. }) => vars,
            _ => panic!("{name} is a combo"),
        };
        let searches: Vec<&str> = SearchKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(combo("Search"), searches.as_slice());
        let evaluators: Vec<&str> = Evaluation::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(combo("Evaluation"), evaluators.as_slice());
        let default = |name: &str| find(name).map(|option| option.default_value());
        assert_eq!(
            default("Search"),
            Some(OptionValue::Combo("IterativeDeepening"))
        );
        assert_eq!(default("Evaluation"), Some(OptionValue::Combo("NNUE")));
    }

    #[test]
    fn every_option_sets_what_it_reads() {
        for option in OPTIONS {
            let mut settings = Settings::default();
            let changed = match option.kind {
                OptionKind::Spin { min, .. } => Some(OptionValue::Spin(min + 1)),
                OptionKind::Check { get, .. } => Some(OptionValue::Check(!get(&settings))),
                OptionKind::Combo { vars, get, .. } => {
                    let other = vars.iter().find(|&&var| var != get(&settings));
                    other.map(|&var| OptionValue::Combo(var))
                }
                OptionKind::Button | OptionKind::Text { .. } => None,
                // A value other than the default: its minimum, or its maximum.
                #[cfg(feature = "tune")]
                OptionKind::Param(index) => {
                    let param = crate::search::pvs::params::PARAMS[index];
                    let other = if param.default == param.min {
                        param.max
                    } else {
                        param.min
                    };
                    Some(OptionValue::Spin(other.into()))
                }
            };
            let Some(changed) = changed else { continue };
            let text = match changed {
                OptionValue::Spin(n) => n.to_string(),
                OptionValue::Check(on) => on.to_string(),
                OptionValue::Combo(var) => var.to_string(),
                OptionValue::Button | OptionValue::Text(_) => {
                    unreachable!("buttons and strings are skipped")
                }
            };
            let change = option.set(&mut settings, Some(&text));
            assert_eq!(change, Ok(option.effect), "{}", option.name);
            if option.name == "Ponder" {
                // Ponder keeps nothing.
                assert_eq!(settings, Settings::DEFAULT, "{}", option.name)
            } else {
                assert_eq!(option.value(&settings), changed, "{}", option.name);
                assert_ne!(settings, Settings::DEFAULT, "{}", option.name);
            }
        }
    }

    #[cfg(feature = "tune")]
    #[test]
    fn each_search_parameter_is_an_option_with_its_range_and_default() {
        use crate::search::pvs::params::PARAMS;
        for (index, param) in PARAMS.iter().enumerate() {
            let option = find(param.name).expect("an option of the parameter's name");
            assert!(matches!(option.kind, OptionKind::Param(i) if i == index));
            let default = OptionValue::Spin(param.default.into());
            assert_eq!(option.default_value(), default, "{}", param.name);
            let mut settings = Settings::default();
            for outside in [param.min - 1, param.max + 1] {
                let refused = settings.set(param.name, Some(&outside.to_string()));
                assert!(refused.is_err(), "{} {outside}", param.name);
            }
            assert_eq!(settings, Settings::DEFAULT, "{}", param.name);
            let max = param.max.to_string();
            assert_eq!(
                settings.set(param.name, Some(&max)),
                Ok(OptionChange::Value)
            );
            assert_eq!(settings.search.params[index], param.max, "{}", param.name);
        }
    }

    #[test]
    fn bad_values_and_unknown_names_change_nothing() {
        let mut settings = Settings::default();
        assert!(settings.set("Depth", Some("-1")).is_err());
        assert!(settings.set("Depth", Some("abc")).is_err());
        assert!(settings.set("Quiescence", Some("maybe")).is_err());
        assert!(settings.set("Search", Some("Negascout")).is_err());
        assert!(settings.set("Evaluation", Some("Neural")).is_err());
        assert!(settings.set("Evaluation", None).is_err());
        assert!(settings.set("Depth", None).is_err());
        assert_eq!(
            settings.set("Cores", Some("2")),
            Err("no such option: 'Cores'".to_string())
        );
        assert_eq!(settings, Settings::DEFAULT);
    }

    #[test]
    fn threads_and_multipv_keep_their_value_when_refused() {
        let mut settings = Settings::default();
        assert!(settings.set("Threads", Some("3")).is_ok());
        assert!(settings.set("MultiPV", Some("4")).is_ok());
        let before = settings;
        for (name, bad) in [
            ("Threads", "0"),
            ("Threads", "257"),
            ("MultiPV", "0"),
            ("MultiPV", "1000"),
        ] {
            assert!(settings.set(name, Some(bad)).is_err(), "{name} {bad}");
            assert_eq!(settings, before, "{name} {bad}");
        }
        assert_eq!((settings.search.threads, settings.search.multi_pv), (3, 4));
        assert!(settings.set("Threads", Some("256")).is_ok());
        assert!(settings.set("MultiPV", Some("256")).is_ok());
    }

    #[test]
    fn hash_accepts_its_limit_and_no_more() {
        let limit = hash_limit_mb();
        let mut settings = Settings::default();
        assert_eq!(
            settings.set("Hash", Some(&limit.to_string())),
            Ok(OptionChange::Hash)
        );
        assert_eq!(settings.hash_mb, limit);
        let above = (limit + 1).to_string();
        assert!(settings.set("Hash", Some(&above)).is_err());
        assert_eq!(
            settings.set("clear hash", None),
            Ok(OptionChange::ClearHash)
        );
    }

    #[test]
    fn every_default_is_valid() {
        for option in OPTIONS {
            let default = match option.default_value() {
                OptionValue::Spin(n) => Some(n.to_string()),
                OptionValue::Check(on) => Some(on.to_string()),
                OptionValue::Combo(var) => Some(var.to_string()),
                OptionValue::Button => None,
                OptionValue::Text(text) => Some(text.to_string()),
            };
            let mut settings = Settings::default();
            assert!(
                option.set(&mut settings, default.as_deref()).is_ok(),
                "{}",
                option.name
            );
            assert_eq!(settings, Settings::DEFAULT, "{}", option.name);
        }
    }
}
