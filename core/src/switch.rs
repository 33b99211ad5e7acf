//! On/off settings read from the environment, one way everywhere: a value that is neither on
//! nor off is an error naming the variable, never a silent "off" (a typo such as
//! `TPUDEV_TIMING_ONLY=yse` must not quietly run the full computation).

use crate::{Error, Result};

/// The words a switch accepts, as the error lists them.
pub const ACCEPTED: &str = "1, true, yes, on (on) or 0, false, no, off, empty (off)";

/// `value` read as switch `name`.
pub fn parse(name: &str, value: &str) -> Result<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "" | "0" | "false" | "no" | "off" => Ok(false),
        "1" | "true" | "yes" | "on" => Ok(true),
        _ => Err(Error::invalid(format!("{name}={value:?} is not a switch: use {ACCEPTED}"))),
    }
}

/// Switch `name` from the process environment; `default` when it is unset.
pub fn from_env(name: &str, default: bool) -> Result<bool> {
    match std::env::var(name) {
        Ok(v) => parse(name, &v),
        Err(std::env::VarError::NotPresent) => Ok(default),
        Err(std::env::VarError::NotUnicode(_)) => Err(Error::invalid(format!("{name} is not valid UTF-8"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_for_on_and_off_and_an_error_for_the_rest() {
        for on in ["1", "true", "YES", " on "] {
            assert!(parse("X", on).unwrap(), "{on}");
        }
        for off in ["", "0", "False", "no", "OFF"] {
            assert!(!parse("X", off).unwrap(), "{off}");
        }
        let e = parse("TPUDEV_X", "yse").unwrap_err().to_string();
        assert!(e.contains("TPUDEV_X=\"yse\"") && e.contains("1, true"), "{e}");
    }
}
