//! The UCI options, each declared once ([`OPTIONS`]): its name, its type and range, and how it
//! reads and changes the engine's [`Settings`]. Its default is what it reads in
//! [`Settings::DEFAULT`]; `uci` lists the options from here, `setoption` changes the settings
//! through here, and so does every `--set NAME=VALUE` of the command line ([`Settings::assign`]).

pub use crate::engine::option_table::{
    find, OptionKind, OptionValue, SpinMax, UciOption, EMPTY_TEXT, MAX_MULTI_PV, MAX_THREADS,
    OPTIONS,
};
pub use crate::engine::settings::{Assignment, OptionChange, Settings};

impl Settings {
    /// Sets an option by name (any case and spacing) to a value checked against its type and
    /// range; on any error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionChange, String> {
        let option = find(name).ok_or_else(|| format!("no such option: '{name}'"))?;
        option.set(self, value)
    }

    /// Applies one `NAME=VALUE` (the command line's `--set`, an item of a player of
    /// `engine play`): the one parser of them all. Returns the change with the name and value.
    pub fn assign<'s>(&mut self, setting: &'s str) -> Result<Assignment<'s>, String> {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("'{setting}' is not NAME=VALUE"))?;
        let (name, value) = (name.trim(), value.trim());
        let change = self.set(name, Some(value))?;
        Ok(Assignment {
            name,
            value,
            change,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::memory::hash_limit_mb;
    use crate::eval::Evaluation;
    use crate::search::types::SearchKind;

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
                OptionKind::Button { .. } | OptionKind::Text { .. } => None,
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
            match (option.name, change) {
                // The table's size is recorded by the engine once it has resized the table;
                // Ponder keeps nothing.
                ("Hash", Ok(OptionChange::Hash(2))) | ("Ponder", Ok(OptionChange::Value)) => {
                    assert_eq!(settings, Settings::DEFAULT, "{}", option.name)
                }
                (_, Ok(OptionChange::Value)) => {
                    assert_eq!(option.value(&settings), changed, "{}", option.name);
                    assert_ne!(settings, Settings::DEFAULT, "{}", option.name);
                }
                (name, other) => panic!("{name}: {other:?}"),
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
            Ok(OptionChange::Hash(limit))
        );
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
