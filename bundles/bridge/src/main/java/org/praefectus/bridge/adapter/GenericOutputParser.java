package org.praefectus.bridge.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A configured command that is not the native CLI (Praetor's {@code python mock_executor.py}): it gets
 * the JSON task on stdin and no CLI flags, and its result is classified as Praetor's reference bridge does
 * (timeouts and prompts are decided by the bridge): authentication texts are {@code auth_required},
 * approval texts {@code interactive_approval_required}, "permission denied" {@code failed_permanent}, exit
 * 0 {@code completed}, any other exit {@code failed_permanent}.
 */
public final class GenericOutputParser implements AgentOutputParser {

    private static final int MAX_LINES = 400;

    private final List<String> output = new ArrayList<>();

    @Override
    public List<ParsedEvent> onStdoutLine(String line) {
        keep(line);
        return line.isBlank() ? List.of() : List.of(new ParsedEvent("stdout", Map.of("line", line)));
    }

    @Override
    public void onStderrLine(String line) {
        keep(line);
    }

    private void keep(String line) {
        if (output.size() >= MAX_LINES) {
            output.remove(0);
        }
        output.add(line.length() > 2000 ? line.substring(0, 2000) : line);
    }

    @Override
    public Outcome finish(int exitCode) {
        String text = String.join("\n", output).toLowerCase(Locale.ROOT);
        if ((text.contains("auth") && (text.contains("login") || text.contains("expired")))
                || text.contains("not logged in")) {
            return new Outcome(NormalizedStatus.AUTH_REQUIRED, "executor authentication required", null, null);
        }
        if (text.contains("approve") || text.contains("confirmation") || text.contains("press enter")) {
            return new Outcome(
                    NormalizedStatus.INTERACTIVE_APPROVAL_REQUIRED,
                    "executor requested interactive approval",
                    null,
                    null);
        }
        if (text.contains("permission denied") || text.contains("not permitted")) {
            return new Outcome(NormalizedStatus.FAILED_PERMANENT, "executor permission denied", null, null);
        }
        if (exitCode == 0) {
            return new Outcome(NormalizedStatus.COMPLETED, null, null, null);
        }
        return new Outcome(
                NormalizedStatus.FAILED_PERMANENT, "executor exited with non-zero status " + exitCode, null, null);
    }
}
