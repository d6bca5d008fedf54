//! `engine compare --plot FILE.svg`: the compare table as a picture — nodes against depth on a
//! log scale, one line per search variant, and beside it time against depth — drawn with
//! `plotters`' SVG backend.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use plotters::prelude::*;

use crate::tools::compare::Row;

/// One variant's line: (depth, nodes, time) per depth that every position completed.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub label: String,
    pub points: Vec<(u32, u64, Duration)>,
}

/// The lines of `rows`: per variant, in the order the rows first name them, the nodes and
/// time summed over the positions at each depth that every position completed (a depth a
/// search was stopped at is left out).
pub fn series(rows: &[Row]) -> Vec<Series> {
    let mut positions: Vec<&str> = rows.iter().map(|r| r.position.as_str()).collect();
    positions.sort_unstable();
    positions.dedup();
    let mut order: Vec<&str> = Vec::new();
    let mut sums: BTreeMap<(&str, u32), (u64, Duration, usize)> = BTreeMap::new();
    for row in rows.iter().filter(|r| !r.stopped) {
        if !order.contains(&row.search.as_str()) {
            order.push(&row.search);
        }
        let sum = sums.entry((&row.search, row.depth)).or_default();
        sum.0 += row.result.nodes;
        sum.1 += row.result.time;
        sum.2 += 1;
    }
    order
        .into_iter()
        .map(|label| Series {
            label: label.to_string(),
            points: sums
                .range((label, 0)..=(label, u32::MAX))
                .filter(|(_, sum)| sum.2 == positions.len())
                .map(|(&(_, depth), &(nodes, time, _))| (depth, nodes, time))
                .collect(),
        })
        .filter(|series| !series.points.is_empty())
        .collect()
}

/// Colours of the lines, one per variant, distinct in print and for most colour blindness.
const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(230, 159, 0),
    RGBColor(0, 0, 0),
    RGBColor(120, 120, 120),
];

/// Writes the two panels for `rows` to `path` as SVG, under `title`.
pub fn plot(rows: &[Row], title: &str, path: &Path) -> Result<(), String> {
    let lines = series(rows);
    if lines.is_empty() {
        return Err("nothing to plot: no search completed a depth".to_string());
    }
    draw(&lines, title, path).map_err(|e| format!("cannot draw {}: {e}", path.display()))
}

fn draw(lines: &[Series], title: &str, path: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::new(path, (1100, 520)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 18))?;
    let (left, right) = root.split_horizontally(550);
    let depths = depth_range(lines);
    let nodes: Vec<Vec<(u32, f64)>> = lines
        .iter()
        .map(|s| s.points.iter().map(|p| (p.0, p.1.max(1) as f64)).collect())
        .collect();
    // Milliseconds, a microsecond at the least, so that the log scale has a bottom.
    let times: Vec<Vec<(u32, f64)>> = lines
        .iter()
        .map(|s| {
            let ms = |time: Duration| (time.as_secs_f64() * 1000.0).max(0.001);
            s.points.iter().map(|p| (p.0, ms(p.2))).collect()
        })
        .collect();
    let labels: Vec<&str> = lines.iter().map(|s| s.label.as_str()).collect();
    panel(
        &left,
        "Nodes visited (log scale)",
        "nodes",
        &depths,
        &labels,
        &nodes,
        true,
    )?;
    panel(
        &right,
        "Time (log scale)",
        "milliseconds",
        &depths,
        &labels,
        &times,
        false,
    )?;
    root.present()?;
    Ok(())
}

/// The depths plotted: first to last, at least two wide so that one depth still has an axis.
fn depth_range(lines: &[Series]) -> std::ops::Range<u32> {
    let depths = lines.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let low = depths.clone().min().unwrap_or(1);
    let high = depths.max().unwrap_or(1).max(low + 1);
    low..high
}

/// The log-scale range that holds every value of `data`, widened to whole powers of ten.
fn value_range(data: &[Vec<(u32, f64)>]) -> std::ops::Range<f64> {
    let values = data.iter().flatten().map(|p| p.1);
    let low = values.clone().fold(f64::INFINITY, f64::min);
    let high = values.fold(0.0, f64::max);
    let low = 10f64.powf(low.log10().floor());
    let high = 10f64.powf(high.log10().ceil()).max(low * 10.0);
    low..high
}

fn panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    caption: &str,
    unit: &str,
    depths: &std::ops::Range<u32>,
    labels: &[&str],
    data: &[Vec<(u32, f64)>],
    legend: bool,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 15))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(depths.clone(), value_range(data).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("depth (plies)")
        .y_desc(unit)
        .x_labels((depths.end - depths.start + 1) as usize)
        .y_label_formatter(&|v| short_number(*v))
        .light_line_style(WHITE.mix(0.0))
        .draw()?;
    for (i, (label, points)) in labels.iter().zip(data).enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let style = ShapeStyle::from(colour).stroke_width(2);
        chart
            .draw_series(LineSeries::new(points.iter().copied(), style))?
            .label(*label)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
        chart.draw_series(
            points
                .iter()
                .map(|&point| Circle::new(point, 3, colour.filled())),
        )?;
    }
    if legend {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK.mix(0.4))
            .draw()?;
    }
    Ok(())
}

/// 1, 10, 100, 1k, 10k, 100k, 1M, ... for the log axis; below 1, as a decimal.
fn short_number(value: f64) -> String {
    let suffixes = [(1e9, "G"), (1e6, "M"), (1e3, "k")];
    for (size, suffix) in suffixes {
        if value >= size {
            return format!("{}{suffix}", trim(value / size));
        }
    }
    trim(value)
}

fn trim(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchResult;

    fn row(position: &str, search: &str, depth: u32, nodes: u64, stopped: bool) -> Row {
        Row {
            position: position.to_string(),
            search: search.to_string(),
            depth,
            result: SearchResult {
                nodes,
                time: Duration::from_millis(nodes),
                ..SearchResult::default()
            },
            stopped,
            agrees: None,
            best_changed: false,
        }
    }

    #[test]
    fn each_variant_sums_its_positions_at_the_depths_all_completed() {
        let rows = [
            row("a", "Minimax", 1, 20, false),
            row("a", "Minimax", 2, 400, false),
            row("a", "AlphaBeta", 1, 20, false),
            row("b", "Minimax", 1, 30, false),
            row("b", "Minimax", 2, 900, true),
            row("b", "AlphaBeta", 1, 25, false),
        ];
        let lines = series(&rows);
        let labels: Vec<&str> = lines.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["Minimax", "AlphaBeta"]);
        assert_eq!(lines[0].points, [(1, 50, Duration::from_millis(50))]);
        assert_eq!(lines[1].points, [(1, 45, Duration::from_millis(45))]);
    }

    #[test]
    fn log_axis_labels_are_short() {
        assert_eq!(short_number(1.0), "1");
        assert_eq!(short_number(1000.0), "1k");
        assert_eq!(short_number(5_000_000.0), "5M");
        assert_eq!(short_number(0.01), "0.01");
    }
}
