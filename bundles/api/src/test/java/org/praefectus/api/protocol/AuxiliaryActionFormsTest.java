package org.praefectus.api.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.CanonicalJson;

/**
 * The canonical bytes the action hash covers for the 0.8.0 auxiliary actions, as the reference's serde
 * derive writes them ({@code #[serde(tag = "kind", rename_all = "snake_case")]}: every field present, an
 * {@code Option} that is none as {@code null}, a {@code PathBuf} as its string, operations in snake_case)
 * and its canonicalization sorts them.
 */
class AuxiliaryActionFormsTest {

    private static String canonical(Action action) {
        return new String(CanonicalJson.canonical(ProtocolJson.encode(action)), StandardCharsets.UTF_8);
    }

    @Test
    void everyFieldIsWrittenAndSorted() {
        assertEquals(
                "{\"kind\":\"screenshot\",\"path\":\"/tmp/screen.png\"}",
                canonical(new Action.Screenshot("/tmp/screen.png")));
        assertEquals(
                "{\"kind\":\"application\",\"name\":\"TextEdit\",\"operation\":\"switch\"}",
                canonical(new Action.Application(ApplicationOperation.SWITCH, "TextEdit")));
        assertEquals(
                "{\"app\":\"TextEdit\",\"kind\":\"window\",\"operation\":\"minimize\",\"title\":null}",
                canonical(new Action.Window(WindowOperation.MINIMIZE, "TextEdit", null)));
        assertEquals(
                "{\"app\":null,\"kind\":\"open\",\"no_focus\":true,\"target\":\"https://example.com\"}",
                canonical(new Action.Open("https://example.com", null, true)));
    }

    @Test
    void theWireFormDecodesBackToTheSameAction() throws Exception {
        for (Action action : List.of(
                new Action.Screenshot("/tmp/screen.png"),
                new Action.Application(ApplicationOperation.QUIT, "TextEdit"),
                new Action.Window(WindowOperation.CLOSE, "TextEdit", "Notes"),
                new Action.Open("/tmp/notes.txt", "TextEdit", false))) {
            assertEquals(action, ProtocolDecoder.action(ProtocolJson.encode(action)));
        }
    }
}
