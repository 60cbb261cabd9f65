package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The reading of one accessibility node, which observation and every revalidation share. */
class AxSemanticsTest {

    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void namesAreCutToTheProtocolsByteBoundOnACodePoint() {
        // 600 two-byte characters are 1,200 bytes: the name must stop at 1,024 bytes, never inside a character
        String name = AxSemantics.text(new TextNode("é".repeat(600)));
        assertEquals(1_024, name.getBytes(StandardCharsets.UTF_8).length);
        String emoji = AxSemantics.text(new TextNode("a" + "😀".repeat(300)));
        assertTrue(emoji.getBytes(StandardCharsets.UTF_8).length <= 1_024);
        assertFalse(Character.isHighSurrogate(emoji.charAt(emoji.length() - 1)));
    }

    @Test
    void everyCodePointIsCountedAsItsUtf8Encoding() {
        for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
            byte[] encoded = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8);
            assertEquals(encoded.length, AxSemantics.utf8Length(codePoint), Integer.toHexString(codePoint));
        }
    }

    @Test
    void controlCharactersAndBlankNamesDisappear() {
        assertEquals("ab", AxSemantics.text(new TextNode(" a\u0000\nb ")));
        assertNull(AxSemantics.text(new TextNode(" \t ")));
    }

    @Test
    void protectedFieldsAreRedactedAndReadonlyFieldsAreNotEditable() throws Exception {
        AxSemantics password = AxSemantics.of(mapper.readTree("""
                {"nodeId":"1","role":{"value":"textbox"},"name":{"value":"hunter2"},
                 "properties":[{"name":"protected","value":{"value":true}}]}"""));
        assertEquals(AxSemantics.REDACTED, password.name());
        assertTrue(password.protectedValue());
        assertTrue(password.editable());
        AxSemantics fixed = AxSemantics.of(mapper.readTree("""
                {"nodeId":"2","role":{"value":"textbox"},"name":{"value":"Fixed"},
                 "properties":[{"name":"readonly","value":{"value":true}}]}"""));
        assertFalse(fixed.editable());
        assertNull(AxSemantics.of(mapper.readTree("{\"nodeId\":\"3\",\"role\":{\"value\":\"none\"}}")));
    }
}
