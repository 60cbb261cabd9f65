package org.praefectus.workflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.workflow.run.WorkflowDesktop;

/**
 * {@code workflow bundle} on the real test desktop: the bundle's replay is a dry run over the real Linux desktop
 * service of a zenity form (every step resolved, nothing signed, the form untouched).
 */
class WorkflowBundleDesktopTest {

    private static final String TITLE = "Praefectus Bundle Form";

    @TempDir
    Path directory;

    @Test
    void theBundlesReplayResolvesEveryStepAndSignsNothing() throws Exception {
        try (WorkflowDesktop rig = new WorkflowDesktop(directory)) {
            Process form = WorkflowDesktop.start(
                    directory.resolve("zenity.out"), "zenity", "--entry", "--title", TITLE, "--text", "Name");
            try {
                rig.awaitElement(TITLE, "role=push button,label=OK");
                Path file = directory.resolve("form.yaml");
                Files.writeString(
                        file,
                        "name: form\nsteps:\n  - action: find_element\n    selector: role=text\n    window_title: "
                                + TITLE
                                + "\n  - action: type\n    selector: role=text\n    window_title: " + TITLE
                                + "\n    value: bundled\n  - action: click\n    selector: role=push button,label-exact=OK\n"
                                + "    window_title: " + TITLE + "\n");
                Path out = directory.resolve("bundle");

                new WorkflowCommand(rig.desktop, rig.host, directory.resolve("runs"))
                        .run(List.of("bundle", file.toString(), out.toString()));

                JsonNode replay = new ObjectMapper()
                        .readTree(out.resolve("replay-result.json").toFile());
                assertTrue(replay.get("ok").asBoolean(), replay::toString);
                assertTrue(replay.get("dry_run").asBoolean(), replay::toString);
                assertEquals(3, replay.get("steps").size(), replay::toString);
                assertEquals(0, rig.signedOperations(), "a dry run signs nothing");
                assertTrue(form.isAlive(), "the form was not touched");
            } finally {
                WorkflowDesktop.stop(form);
            }
        }
    }
}
