//! Device `printf`: a format and the bits of its values, as C would print
//! them (the `sprintf` crate formats; this file gives each conversion a
//! value of the type it takes).

use sprintf::parser::{parse_format_string, ConversionType, FormatElement, NumericParam};
use sprintf::{vsprintfp, Printf};

use crate::code::Scalar;
use crate::funcs::float_of;

/// One value as the conversion that prints it takes it.
enum Arg {
    Signed(i64, u32),
    Unsigned(u64, u32),
    Float(f64),
    Char(char),
    Text(&'static str),
}

impl Arg {
    fn printf(&self) -> Box<dyn Printf + '_> {
        match *self {
            Arg::Signed(v, 8) => Box::new(v as i8),
            Arg::Signed(v, 16) => Box::new(v as i16),
            Arg::Signed(v, 32) => Box::new(v as i32),
            Arg::Signed(v, _) => Box::new(v),
            Arg::Unsigned(v, 8) => Box::new(v as u8),
            Arg::Unsigned(v, 16) => Box::new(v as u16),
            Arg::Unsigned(v, 32) => Box::new(v as u32),
            Arg::Unsigned(v, _) => Box::new(v),
            Arg::Float(v) => Box::new(v),
            Arg::Char(c) => Box::new(c),
            Arg::Text(t) => Box::new(t),
        }
    }
}

/// A value of C type `ty` (`None`: one the simulator could not compute) as
/// the conversion `conv` takes it.
fn arg(conv: ConversionType, value: Option<u128>, ty: Scalar) -> Arg {
    use ConversionType as C;
    let Some(v) = value else { return Arg::Text("?") };
    let bits = if ty.bits == 0 { 32 } else { ty.bits };
    let int = || if ty.float { float_of(v, bits) as i64 } else { gpurace_core::arith::signed(v, bits) as i64 };
    match conv {
        C::DecFloatLower
        | C::DecFloatUpper
        | C::SciFloatLower
        | C::SciFloatUpper
        | C::CompactFloatLower
        | C::CompactFloatUpper => Arg::Float(if ty.float { float_of(v, bits) } else { int() as f64 }),
        C::Char => Arg::Char(char::from(v as u8)),
        C::String => Arg::Text("(string)"),
        _ if ty.float => Arg::Signed(int(), 64),
        _ if ty.signed => Arg::Signed(int(), bits.max(8)),
        _ => Arg::Unsigned(v as u64, bits.max(8)),
    }
}

/// `format` with `values` (each its bits, or `None`, and its C type), as C's
/// `printf` prints it; a format it cannot follow is printed as it is, with
/// the reason.
pub fn format(format: &str, values: &[(Option<u128>, Scalar)]) -> String {
    let elements = match parse_format_string(format) {
        Ok(e) => e,
        Err(e) => return format!("{format} [printf: {e}]"),
    };
    let mut rest = values.iter();
    let mut args = Vec::new();
    let mut elements = elements;
    for element in elements.iter_mut() {
        let FormatElement::Format(spec) = element else { continue };
        for param in [spec.width, spec.precision] {
            if param == NumericParam::FromArgument {
                if let Some(&(v, ty)) = rest.next() {
                    args.push(arg(ConversionType::DecInt, Some(v.unwrap_or(0)), Scalar { bits: 32, ..ty }));
                }
            }
        }
        if spec.conversion_type == ConversionType::PercentSign {
            continue;
        }
        match rest.next() {
            // A value the run could not compute prints as `?`.
            Some(&(None, _)) => {
                spec.conversion_type = ConversionType::String;
                args.push(Arg::Text("?"));
            }
            Some(&(v, ty)) => args.push(arg(spec.conversion_type, v, ty)),
            None => {}
        }
    }
    let boxed: Vec<Box<dyn Printf + '_>> = args.iter().map(Arg::printf).collect();
    let refs: Vec<&dyn Printf> = boxed.iter().map(|b| b.as_ref() as &dyn Printf).collect();
    vsprintfp(&elements, &refs).unwrap_or_else(|e| format!("{format} [printf: {e}]"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const INT: Scalar = Scalar { bits: 32, float: false, signed: true };
    const UINT: Scalar = Scalar { bits: 32, float: false, signed: false };
    const FLOAT: Scalar = Scalar { bits: 32, float: true, signed: true };

    #[test]
    fn conversions_take_values_as_c_passes_them() {
        let minus_one = Some(u128::from(u32::MAX));
        let half = Some(u128::from(1.5f32.to_bits()));
        let text = format(
            "%d %u %x %5.2f %c %%\n",
            &[(minus_one, INT), (Some(7), UINT), (Some(255), UINT), (half, FLOAT), (Some(65), INT)],
        );
        assert_eq!(text, "-1 7 ff  1.50 A %\n");
        assert_eq!(format("%s=%d", &[(Some(0), INT), (None, INT)]), "(string)=?");
        assert_eq!(format("%*d|", &[(Some(4), INT), (Some(42), INT)]), "  42|");
        assert!(format("%d", &[]).contains("[printf:"), "too few values is said, not a panic");
    }
}
