package org.praefectus.api.canonical;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict RFC 8259 parser: valid UTF-8 only, one value with nothing after it, no duplicate object keys,
 * no lone surrogates, integers only, bounded size and depth. Every failure is a
 * {@link JsonFormatException}; nothing unchecked escapes for any input.
 */
public final class StrictJsonParser {

    /** Nesting deeper than this is rejected before it can exhaust the stack. */
    public static final int MAX_DEPTH = 64;

    private final String text;
    private int position;

    private StrictJsonParser(String text) {
        this.text = text;
    }

    /**
     * Parses one JSON value.
     *
     * @param bytes    UTF-8 input
     * @param maxBytes inputs longer than this are rejected unread
     */
    public static JsonValue parse(byte[] bytes, int maxBytes) throws JsonFormatException {
        if (bytes == null) {
            throw new JsonFormatException("invalid_json", "input is missing");
        }
        if (bytes.length > maxBytes) {
            throw new JsonFormatException("input_too_large", "input exceeds " + maxBytes + " bytes");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new JsonFormatException("invalid_json", "input is not valid UTF-8");
        }
        StrictJsonParser parser = new StrictJsonParser(text);
        parser.skipWhitespace();
        JsonValue value = parser.value(0);
        parser.skipWhitespace();
        if (parser.position != text.length()) {
            throw parser.error("trailing characters after the JSON value");
        }
        return value;
    }

    private JsonValue value(int depth) throws JsonFormatException {
        if (depth > MAX_DEPTH) {
            throw new JsonFormatException("too_deep", "JSON nesting exceeds " + MAX_DEPTH);
        }
        if (position >= text.length()) {
            throw error("unexpected end of input");
        }
        char c = text.charAt(position);
        return switch (c) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> new JsonValue.JsonString(string());
            case 't' -> literal("true", JsonValue.JsonBoolean.TRUE);
            case 'f' -> literal("false", JsonValue.JsonBoolean.FALSE);
            case 'n' -> literal("null", JsonValue.NULL);
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    yield number();
                }
                throw error("unexpected character");
            }
        };
    }

    private JsonValue object(int depth) throws JsonFormatException {
        position++;
        Map<String, JsonValue> members = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            position++;
            return new JsonValue.JsonObject(members);
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error("expected an object key");
            }
            String key = string();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            JsonValue member = value(depth + 1);
            if (members.putIfAbsent(key, member) != null) {
                throw new JsonFormatException("duplicate_key", "duplicate object key at offset " + position);
            }
            skipWhitespace();
            char next = peek();
            position++;
            if (next == '}') {
                return new JsonValue.JsonObject(members);
            }
            if (next != ',') {
                position--;
                throw error("expected ',' or '}'");
            }
        }
    }

    private JsonValue array(int depth) throws JsonFormatException {
        position++;
        List<JsonValue> elements = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            position++;
            return new JsonValue.JsonArray(elements);
        }
        while (true) {
            skipWhitespace();
            elements.add(value(depth + 1));
            skipWhitespace();
            char next = peek();
            position++;
            if (next == ']') {
                return new JsonValue.JsonArray(elements);
            }
            if (next != ',') {
                position--;
                throw error("expected ',' or ']'");
            }
        }
    }

    private String string() throws JsonFormatException {
        position++;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (position >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(position++);
            if (c == '"') {
                break;
            }
            if (c < 0x20) {
                throw error("raw control character in string");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (position >= text.length()) {
                throw error("unterminated escape");
            }
            char escape = text.charAt(position++);
            switch (escape) {
                case '"' -> out.append('"');
                case '\\' -> out.append('\\');
                case '/' -> out.append('/');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> out.append(hex4());
                default -> throw error("invalid escape");
            }
        }
        String value = out.toString();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new JsonFormatException("invalid_json", "string contains a lone surrogate");
            }
        }
        return value;
    }

    private char hex4() throws JsonFormatException {
        if (position + 4 > text.length()) {
            throw error("truncated unicode escape");
        }
        int code = 0;
        for (int i = 0; i < 4; i++) {
            int digit = Character.digit(text.charAt(position++), 16);
            if (digit < 0) {
                throw error("invalid unicode escape");
            }
            code = code * 16 + digit;
        }
        return (char) code;
    }

    private JsonValue number() throws JsonFormatException {
        int start = position;
        if (peek() == '-') {
            position++;
        }
        if (position >= text.length() || !isDigit(text.charAt(position))) {
            throw error("invalid number");
        }
        if (text.charAt(position) == '0' && position + 1 < text.length() && isDigit(text.charAt(position + 1))) {
            throw error("leading zero in number");
        }
        while (position < text.length() && isDigit(text.charAt(position))) {
            position++;
        }
        if (position < text.length() && "eE.".indexOf(text.charAt(position)) >= 0) {
            throw new JsonFormatException(
                    "unsupported_number",
                    "fractions and exponents are not accepted: their canonical form is not portable");
        }
        if (position - start == 2 && text.charAt(start) == '-' && text.charAt(start + 1) == '0') {
            // serde_json reads -0 as the float -0.0: an integer field refuses it, a JSON value keeps it as
            // -0.0, whose canonical text this integer-only model cannot reproduce
            throw new JsonFormatException("unsupported_number", "-0 is a floating-point number, not an integer");
        }
        BigInteger value = new BigInteger(text.substring(start, position));
        if (value.compareTo(JsonValue.MIN_INTEGER) < 0 || value.compareTo(JsonValue.MAX_INTEGER) > 0) {
            throw new JsonFormatException("out_of_range", "integer outside the i64/u64 range");
        }
        return new JsonValue.JsonNumber(value);
    }

    private JsonValue literal(String word, JsonValue value) throws JsonFormatException {
        if (!text.startsWith(word, position)) {
            throw error("invalid literal");
        }
        position += word.length();
        return value;
    }

    private void expect(char c) throws JsonFormatException {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        position++;
    }

    private char peek() throws JsonFormatException {
        if (position >= text.length()) {
            throw error("unexpected end of input");
        }
        return text.charAt(position);
    }

    private void skipWhitespace() {
        while (position < text.length()) {
            char c = text.charAt(position);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            position++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private JsonFormatException error(String message) {
        return new JsonFormatException("invalid_json", message + " at offset " + position);
    }
}
