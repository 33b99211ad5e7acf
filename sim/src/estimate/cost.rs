//! What a workload costs to run: the slice's list price per hour, and per million tokens at
//! the estimated throughput. Prices come from a table of list prices per chip-hour
//! (`prices.toml`, with the date and source of each), which the user can replace or
//! override for one chip.

use serde::Deserialize;

use super::step::Estimate;

/// The table shipped with tpudev.
pub const LIST_PRICES: &str = include_str!("prices.toml");

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Price {
    pub chip: String,
    pub usd_per_chip_hour: f64,
    pub seen: String,
    pub source: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PriceTable {
    pub price: Vec<Price>,
}

impl PriceTable {
    /// Parses a price table; `origin` names it in messages.
    pub fn parse(text: &str, origin: &str) -> Result<PriceTable, String> {
        let t: PriceTable = toml::from_str(text).map_err(|e| {
            format!("{origin} is not a valid price table: {}", e.to_string().trim_end().replace('\n', "\n  "))
        })?;
        if let Some(p) = t.price.iter().find(|p| !(p.usd_per_chip_hour.is_finite() && p.usd_per_chip_hour > 0.0)) {
            return Err(format!("{origin}: the price of {} must be a positive number of dollars", p.chip));
        }
        Ok(t)
    }

    pub fn list_prices() -> PriceTable {
        PriceTable::parse(LIST_PRICES, "prices.toml").expect("the shipped price table parses")
    }

    /// The price of `chip` (a preset key), or a message naming the ways to give one.
    pub fn lookup(&self, chip: &str) -> Result<&Price, String> {
        self.price.iter().find(|p| p.chip == chip).ok_or_else(|| {
            let known: Vec<&str> = self.price.iter().map(|p| p.chip.as_str()).collect();
            format!(
                "the price table has no price for {chip} (it has {}): give one with --chip-hour-usd DOLLARS, or a \
                 table with --prices FILE",
                known.join(", ")
            )
        })
    }
}

/// The cost of an estimated workload.
#[derive(Debug, Clone, PartialEq)]
pub struct Cost {
    pub usd_per_chip_hour: f64,
    /// Where the price comes from ("--chip-hour-usd", or the table's date and source).
    pub price_source: String,
    pub usd_per_hour: f64,
    /// Per million of the tokens `tokens_per_s_per_chip` counts: trained or prefilled tokens,
    /// and, when serving, output tokens.
    pub cents_per_million_tokens: f64,
    /// Serving: per million prompt and output tokens together.
    pub cents_per_million_total_tokens: Option<f64>,
}

fn cents_per_million(usd_per_chip_hour: f64, tokens_per_s_per_chip: f64) -> f64 {
    100.0 * usd_per_chip_hour / (tokens_per_s_per_chip * 3600.0) * 1e6
}

pub fn cost(e: &Estimate, usd_per_chip_hour: f64, price_source: String) -> Cost {
    Cost {
        usd_per_chip_hour,
        price_source,
        usd_per_hour: usd_per_chip_hour * e.chips as f64,
        cents_per_million_tokens: cents_per_million(usd_per_chip_hour, e.tokens_per_s_per_chip),
        cents_per_million_total_tokens: e
            .serving
            .as_ref()
            .map(|v| cents_per_million(usd_per_chip_hour, v.total_tokens_per_s_per_chip)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_prices_every_chip_with_a_public_price() {
        let t = PriceTable::list_prices();
        for chip in ["v4", "v5e", "v5p", "v6e"] {
            assert!(t.lookup(chip).unwrap().usd_per_chip_hour > 0.0);
        }
        let err = t.lookup("v7x").unwrap_err();
        assert!(err.contains("--chip-hour-usd") && err.contains("v6e"), "{err}");
    }

    #[test]
    fn cents_per_million_tokens_is_the_hourly_price_over_the_hourly_tokens() {
        // $2.70 an hour at 1,000 tokens/s: 3.6 M tokens an hour, 75 cents per million.
        assert!((cents_per_million(2.70, 1000.0) - 75.0).abs() < 1e-9);
    }

    #[test]
    fn a_bad_table_names_the_entry() {
        let bad = "[[price]]\nchip = \"v5e\"\nusd_per_chip_hour = -1.0\nseen = \"x\"\nsource = \"y\"\n";
        let err = PriceTable::parse(bad, "mine.toml").unwrap_err();
        assert!(err.contains("mine.toml") && err.contains("v5e"), "{err}");
        assert!(PriceTable::parse("[[price]]\nchip = 1\n", "mine.toml").unwrap_err().contains("mine.toml"));
    }
}
