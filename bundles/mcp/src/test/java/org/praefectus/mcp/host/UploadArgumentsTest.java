package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.mcp.host.ToolArguments.InvalidArgument;

/**
 * {@code act upload} (#39 defect 4): file names of the host's upload folder become the executor's {@code set_value} of
 * the file input (one name per line), verified by the names' hash; a path, {@code ..} or a name twice is refused before
 * anything is signed or asked; the question names the files and their count.
 */
class UploadArgumentsTest {

    private static ActionArguments parse(Map<String, Object> args) {
        return ActionArguments.parse(args, ActionArguments.PAGE_KINDS);
    }

    @Test
    void fileNamesBecomeTheFileInputsValueVerifiedByTheirHash() throws Exception {
        ActionArguments upload =
                parse(Map.of("action", "upload", "tag", "e5", "files", List.of("report.txt", "notes.txt")));
        assertEquals("report.txt\nnotes.txt", ((Action.SetValue) upload.action(null)).value());
        assertEquals(
                new VerificationPolicy.TargetValueHash(
                        Sha256.hex("report.txt\nnotes.txt".getBytes(StandardCharsets.UTF_8))),
                upload.verification(null));
        assertEquals(Map.of("files_count", 2), upload.auditLengths());
    }

    @Test
    void pathsParentsAndRepeatsAreRefusedBeforeAnyoneIsAsked() {
        for (Object files : List.of(
                List.of("../secret.txt"),
                List.of("/etc/passwd"),
                List.of("sub/report.txt"),
                List.of(".."),
                List.of("a\\b"),
                List.of("report.txt", "report.txt"),
                List.of(),
                "report.txt")) {
            assertThrows(
                    InvalidArgument.class,
                    () -> parse(Map.of("action", "upload", "tag", "e5", "files", files)),
                    files::toString);
        }
    }

    @Test
    void theQuestionNamesTheFiles() {
        String question = parse(Map.of("action", "upload", "tag", "e5", "files", List.of("report.txt")))
                .confirmationMessage(null, null, 30);
        assertTrue(question.contains("Action: upload"), question);
        assertTrue(question.contains("Files from the upload folder: \"report.txt\""), question);
    }
}
