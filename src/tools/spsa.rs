//! `engine spsa` (the `tune` build): the search parameters as OpenBench's SPSA input, one line
//! each, `name, int, start, min, max, c_end, r_end`, to paste into an SPSA tune's form.

use crate::search::pvs::params::{Param, PARAMS, R_END};

/// The SPSA input line of `param`, starting from `start`.
pub fn line(param: &Param, start: i32) -> String {
    let Param {
        name,
        min,
        max,
        step,
        ..
    } = *param;
    format!("{name}, int, {start}, {min}, {max}, {step}, {R_END}")
}

/// Every parameter's line, in the order of the parameter file, each starting from its value in
/// `starts` (in the same order).
pub fn input(starts: &[i32]) -> String {
    let lines: Vec<String> = PARAMS
        .iter()
        .zip(starts)
        .map(|(param, &start)| line(param, start))
        .collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_spsa_line_has_the_seven_fields_openbench_reads() {
        let defaults: Vec<i32> = PARAMS.iter().map(|param| param.default).collect();
        let text = input(&defaults);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), PARAMS.len());
        for (line, param) in lines.iter().zip(PARAMS) {
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            assert_eq!(fields.len(), 7, "{line}");
            assert_eq!((fields[0], fields[1]), (param.name, "int"), "{line}");
            let int = |i: usize| fields[i].parse::<i32>().expect("a whole number");
            let (start, min, max) = (int(2), int(3), int(4));
            assert_eq!((start, min, max), (param.default, param.min, param.max));
            assert!(min < max && (min..=max).contains(&start), "{line}");
            let positive = |i: usize| fields[i].parse::<f64>().is_ok_and(|x| x > 0.0);
            assert!(positive(5) && positive(6), "c_end and r_end: {line}");
        }
    }

    #[test]
    fn a_spsa_line_starts_from_the_value_it_is_given() {
        let param = PARAMS[0];
        let line = line(&param, param.max);
        assert!(line.starts_with(&format!("{}, int, {}, ", param.name, param.max)));
        assert!(line.ends_with(", 0.002"), "{line}");
    }
}
