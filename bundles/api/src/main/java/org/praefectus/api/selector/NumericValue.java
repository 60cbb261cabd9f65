package org.praefectus.api.selector;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The one written form of an element's number (a slider's or spin button's AT-SPI {@code Value}): plain decimal,
 * no exponent, no trailing zeros ({@code 50}, {@code 0.5}, {@code -3.25}). {@code set_value} on such an element is
 * signed and verified in this form, so the hash a host signs and the hash the executor reads back agree however the
 * caller wrote the number ({@code "50.0"} and {@code "50"} are one value).
 */
public final class NumericValue {

    /** A plain decimal as a person writes it: an optional sign, digits, an optional fraction. */
    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d{1,15})(\\.\\d{1,15})?");

    private NumericValue() {}

    /** {@code value} in the canonical form. */
    public static String canonical(double value) {
        if (value == 0) {
            return "0"; // also -0.0
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /** The number a plain decimal text names, or empty (not a plain decimal, or too long to be exact). */
    public static Optional<Double> parse(String text) {
        if (text == null || !DECIMAL.matcher(text.strip()).matches()) {
            return Optional.empty();
        }
        return Optional.of(Double.parseDouble(text.strip()));
    }

    /** {@code text} in the canonical form when it is a plain decimal, else unchanged. */
    public static String canonicalize(String text) {
        return parse(text).map(NumericValue::canonical).orElse(text);
    }
}
