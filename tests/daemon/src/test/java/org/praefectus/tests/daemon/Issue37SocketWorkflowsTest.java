package org.praefectus.tests.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37 (Surfaces): PeekabooX's workflow, drafting and desktop graph tools as the daemon's socket methods, each an
 * adapter of the workflow bundle's typed services behind the daemon's profile. A workflow file in PeekabooX's shape
 * loads and validates (an invalid one names the step and the field), runs on a real zenity entry signed by the
 * daemon's host (the typed text read back by pyatspi, the run's per-step results answered), drafts are generated and
 * saved (refining needs a provider the daemon does not have: {@code provider_unavailable}), a lookup through the
 * daemon is recorded as a step and saved, the graph ingests the
 * desktop and answers status, node and edge queries; under profile {@code observe} nothing runs and nothing is typed.
 */
class Issue37SocketWorkflowsTest {

    private static final String TYPED = "typed by a socket workflow";

    @TempDir
    Path directory;

    @BeforeAll
    static void desktop() {
        Daemon.requireDesktop();
    }

    private void environment(Map<String, String> environment) {
        environment.put("XDG_STATE_HOME", directory.resolve("xdg-state").toString());
        environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1");
    }

    static JsonNode call(Daemon.Client socket, String method, ObjectNode params) throws Exception {
        ObjectNode request = Daemon.JSON.createObjectNode().put("method", method);
        request.set("params", params);
        return socket.call(request.toString());
    }

    static ObjectNode params() {
        return Daemon.JSON.createObjectNode();
    }

    /** PeekabooX's workflow file shape (docs/runtime.md): fills the one entry of the dialog titled {@code title}. */
    private Path fillEntry(String title, String extraStepField) throws Exception {
        Path file = directory.resolve("fill-entry-" + (extraStepField == null ? "valid" : "invalid") + ".yaml");
        Files.writeString(
                file,
                "schema_version: peekaboox.workflow.v1\n"
                        + "name: fill-entry\n"
                        + "steps:\n"
                        + "  - action: find_element\n"
                        + "    selector: role=text\n"
                        + "    window_title: " + title + "\n"
                        + "  - action: type_text\n"
                        + "    selector: role=text\n"
                        + "    window_title: " + title + "\n"
                        + "    value: " + TYPED + "\n"
                        + (extraStepField == null ? "" : "    " + extraStepField + ": 3\n"));
        return file;
    }

    @Test
    void aWorkflowFileLoadsValidatesAndRunsOnTheDesktopOverTheSocket() throws Exception {
        String title = TestWindow.uniqueTitle("Praefectus Socket Workflow");
        try (TestWindow window = TestWindow.zenity("--entry", title, "Workflow");
                Daemon daemon = Daemon.start(
                        directory.resolve("daemon"), this::environment, "--no-grpc", "--profile", "operator");
                Daemon.Client socket = daemon.connect()) {
            assertEquals("", ProfileSurfacesTest.entryText(title));
            Path valid = fillEntry(title, null);

            JsonNode loaded = call(socket, "load_workflow_file", params().put("path", valid.toString()));
            assertTrue(loaded.get("ok").asBoolean(), loaded.toString());
            assertEquals("fill-entry", loaded.at("/data/name").asText(), loaded.toString());
            assertEquals("find_element", loaded.at("/data/steps/0/action").asText(), loaded.toString());
            assertEquals(TYPED, loaded.at("/data/steps/1/value").asText(), loaded.toString());

            JsonNode invalid = call(
                    socket,
                    "load_workflow_file",
                    params().put("path", fillEntry(title, "speed").toString()));
            assertFalse(invalid.get("ok").asBoolean(), invalid.toString());
            assertEquals("invalid_workflow", invalid.at("/error/code").asText(), invalid.toString());
            assertEquals(1, invalid.at("/error/details/step").asInt(), invalid.toString());
            assertEquals("speed", invalid.at("/error/details/field").asText(), invalid.toString());
            JsonNode relative = call(socket, "load_workflow_file", params().put("path", "fill-entry.yaml"));
            assertEquals("invalid_request", relative.at("/error/code").asText(), relative.toString());
            JsonNode missing = call(
                    socket,
                    "load_workflow_file",
                    params().put("path", directory.resolve("none.yaml").toString()));
            assertEquals("file_not_found", missing.at("/error/code").asText(), missing.toString());

            // a dry run inline: every step resolved, nothing signed, nothing typed
            ObjectNode inline = (ObjectNode) Daemon.JSON.valueToTree(
                    Map.of("name", loaded.at("/data/name").asText(), "steps", loaded.at("/data/steps")));
            inline.put("dry_run", true);
            JsonNode dry = call(socket, "execute_workflow", inline);
            assertTrue(dry.get("ok").asBoolean(), dry.toString());
            assertTrue(dry.at("/data/dry_run").asBoolean(), dry.toString());
            assertEquals("", ProfileSurfacesTest.entryText(title), "a dry run types nothing");

            // the file, run for real: signed by the daemon's host, read back by pyatspi
            JsonNode run = call(
                    socket,
                    "execute_workflow_file",
                    params().put("path", valid.toString()).put("run_id", "socket-run-1"));
            assertTrue(run.get("ok").asBoolean(), run.toString());
            assertEquals("socket-run-1", run.at("/data/run_id").asText(), run.toString());
            assertTrue(run.at("/data/ok").asBoolean(), run.toString());
            assertEquals(2, run.at("/data/steps").size(), run.toString());
            assertEquals("find_element", run.at("/data/steps/0/action").asText(), run.toString());
            JsonNode typed = run.at("/data/steps/1");
            assertEquals("type_text", typed.get("action").asText(), run.toString());
            assertTrue(typed.get("ok").asBoolean(), run.toString());
            assertEquals("succeeded", typed.at("/attempts/0/status").asText(), run.toString());
            assertEquals(1, typed.at("/attempts/0/operation_ids").size(), run.toString());
            assertEquals(TYPED, ProfileSurfacesTest.entryText(title));

            // the same run id again: its recorded result, nothing signed again
            JsonNode again = call(
                    socket,
                    "execute_workflow_file",
                    params().put("path", valid.toString()).put("run_id", "socket-run-1"));
            assertTrue(again.at("/data/replayed").asBoolean(), again.toString());
            assertEquals(TYPED, ProfileSurfacesTest.entryText(title), "a replayed run types nothing");

            // recording: a lookup through the daemon's desktop service becomes a step; the file saved loads back
            JsonNode started = call(socket, "start_workflow_recording", params().put("name", "socket-recording"));
            assertTrue(started.get("ok").asBoolean(), started.toString());
            JsonNode found = call(
                    socket,
                    "find_elements",
                    params().put("selector", "role=text").put("window_title", title));
            assertTrue(found.get("ok").asBoolean(), found.toString());
            JsonNode stopped = call(socket, "stop_workflow_recording", params());
            assertEquals("socket-recording", stopped.at("/data/name").asText(), stopped.toString());
            assertEquals("find_element", stopped.at("/data/actions/0").asText(), stopped.toString());
            Path recorded = directory.resolve("recorded.json");
            JsonNode saved = call(socket, "save_recorded_workflow", params().put("path", recorded.toString()));
            assertTrue(saved.get("ok").asBoolean(), saved.toString());
            JsonNode reloaded = call(socket, "load_workflow_file", params().put("path", recorded.toString()));
            assertEquals("role=text", reloaded.at("/data/steps/0/selector").asText(), reloaded.toString());
            assertEquals(title, reloaded.at("/data/steps/0/window_title").asText(), reloaded.toString());

            // a field the method does not read: refused by name before anything runs
            JsonNode unknown = call(
                    socket,
                    "execute_workflow_file",
                    params().put("path", valid.toString())
                            .put("run_id", "socket-run-2")
                            .put("speed", 3));
            assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());
            assertTrue(unknown.at("/error/message").asText().contains("speed"), unknown.toString());
            assertEquals(TYPED, ProfileSurfacesTest.entryText(title), "a refused request types nothing");
        }
    }

    @Test
    void draftsAreGeneratedAndSavedAndRefiningNeedsAProvider() throws Exception {
        String title = TestWindow.uniqueTitle("Praefectus Socket Drafts");
        try (TestWindow window = TestWindow.zenity("--entry", title, "Drafts");
                Daemon daemon =
                        Daemon.start(directory.resolve("daemon"), this::environment, "--no-grpc", "--profile", "plan");
                Daemon.Client socket = daemon.connect()) {
            ProfileSurfacesTest.entryText(title);
            JsonNode planned = call(socket, "plan_workflow", params().put("goal", "press Cancel"));
            assertTrue(planned.get("ok").asBoolean(), planned.toString());
            assertEquals("observe", planned.at("/data/workflow/steps/0/action").asText(), planned.toString());

            JsonNode draft = call(
                    socket,
                    "generate_workflow",
                    params().put("goal", "click Cancel")
                            .put("refresh_desktop_graph", true)
                            .put("format", "yaml"));
            assertTrue(draft.get("ok").asBoolean(), draft.toString());
            assertEquals("built_in", draft.at("/data/source").asText(), draft.toString());
            assertEquals("observe", draft.at("/data/actions/0").asText(), draft.toString());
            assertTrue(draft.at("/data/actions").toString().contains("click"), draft.toString());
            assertTrue(draft.at("/data/text").asText().contains("schema_version"), draft.toString());

            JsonNode refined = call(
                    socket,
                    "refine_workflow",
                    params().put("goal", "also type").set("workflow", draft.at("/data/workflow")));
            assertFalse(refined.get("ok").asBoolean(), refined.toString());
            assertEquals("provider_unavailable", refined.at("/error/code").asText(), refined.toString());

            ObjectNode refineAndSave = params().put("goal", "also type").put("path", "refined.yaml");
            refineAndSave.set("workflow", draft.at("/data/workflow"));
            JsonNode refinedAndSaved = call(socket, "save_refined_workflow", refineAndSave);
            assertEquals(
                    "provider_unavailable", refinedAndSaved.at("/error/code").asText(), refinedAndSaved.toString());

            ObjectNode save = params().put("path", "cancel.yaml");
            save.set("workflow", draft.at("/data/workflow"));
            JsonNode saved = call(socket, "save_generated_workflow", save);
            assertTrue(saved.get("ok").asBoolean(), saved.toString());
            assertEquals("given", saved.at("/data/source").asText(), saved.toString());
            Path file = Path.of(saved.at("/data/path").asText());
            assertTrue(file.startsWith(directory.resolve("xdg-state")), saved.toString());
            JsonNode reloaded = call(socket, "load_workflow_file", params().put("path", file.toString()));
            assertEquals(draft.at("/data/workflow"), reloaded.get("data"), "saved and loaded back unchanged");
            JsonNode outside = call(
                    socket,
                    "save_generated_workflow",
                    params().put("path", "../outside.yaml").put("goal", "click Cancel"));
            assertEquals("invalid_path", outside.at("/error/code").asText(), outside.toString());
        }
    }

    @Test
    void theGraphIngestsTheDesktopAndAnswersStatusNodesAndEdges() throws Exception {
        String title = TestWindow.uniqueTitle("Praefectus Socket Graph");
        try (TestWindow window = TestWindow.zenity("--entry", title, "Graph");
                Daemon daemon =
                        Daemon.start(directory.resolve("daemon"), this::environment, "--no-grpc", "--profile", "plan");
                Daemon.Client socket = daemon.connect()) {
            ProfileSurfacesTest.entryText(title);
            JsonNode ingested =
                    call(socket, "ingest_desktop_snapshot", params().put("snapshot_id", "snapshot:socket-1"));
            assertTrue(ingested.get("ok").asBoolean(), ingested.toString());
            assertEquals("snapshot:socket-1", ingested.at("/data/id").asText(), ingested.toString());

            JsonNode status = call(socket, "desktop_graph_status", params());
            assertEquals(
                    "snapshot:socket-1", status.at("/data/latest_snapshot_id").asText(), status.toString());
            assertFalse(status.at("/data/stale").asBoolean(), status.toString());

            JsonNode windows = call(
                    socket,
                    "query_desktop_graph",
                    params().put("kind", "window").put("label_contains", title));
            assertTrue(windows.get("ok").asBoolean(), windows.toString());
            assertEquals(1, windows.at("/data/nodes").size(), windows.toString());
            String windowNode = windows.at("/data/nodes/0/id").asText();
            JsonNode entries = call(
                    socket, "query_desktop_graph", params().put("role", "text").put("contained_by", windowNode));
            assertEquals(1, entries.at("/data/nodes").size(), entries.toString());
            String entryNode = entries.at("/data/nodes/0/id").asText();

            JsonNode edges = call(
                    socket,
                    "query_desktop_edges",
                    params().put("source", windowNode).put("target", entryNode).put("kind", "contains"));
            assertTrue(edges.get("ok").asBoolean(), edges.toString());
            assertEquals(1, edges.at("/data/count").asInt(), edges.toString());

            JsonNode latest = call(socket, "latest_desktop_snapshot", params());
            assertEquals("snapshot:socket-1", latest.at("/data/snapshot/id").asText());
            JsonNode badKind = call(socket, "query_desktop_graph", params().put("kind", "planet"));
            assertEquals("invalid_query", badKind.at("/error/code").asText(), badKind.toString());
            JsonNode unknown = call(socket, "desktop_graph_status", params().put("verbose", true));
            assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());
        }
    }

    @Test
    void underProfileObserveNothingRunsNothingIsTypedAndNothingIsWritten() throws Exception {
        String title = TestWindow.uniqueTitle("Praefectus Socket Observe");
        try (TestWindow window = TestWindow.zenity("--entry", title, "Observe");
                Daemon daemon = Daemon.start(
                        directory.resolve("daemon"), this::environment, "--no-grpc", "--profile", "observe");
                Daemon.Client socket = daemon.connect()) {
            assertEquals("", ProfileSurfacesTest.entryText(title));
            Path valid = fillEntry(title, null);
            JsonNode loaded = call(socket, "load_workflow_file", params().put("path", valid.toString()));
            assertTrue(loaded.get("ok").asBoolean(), "reading a file needs no capability: " + loaded);

            JsonNode run = call(socket, "execute_workflow_file", params().put("path", valid.toString()));
            assertFalse(run.get("ok").asBoolean(), run.toString());
            assertEquals("profile_denied", run.at("/error/code").asText(), run.toString());
            assertEquals("workflow_execute", run.at("/error/details/capability").asText(), run.toString());
            assertEquals("observe", run.at("/error/details/profile").asText(), run.toString());
            assertEquals("", ProfileSurfacesTest.entryText(title), "a refused run types nothing");

            JsonNode generate = call(socket, "generate_workflow", params().put("goal", "click Cancel"));
            assertEquals(
                    "workflow_generate",
                    generate.at("/error/details/capability").asText(),
                    generate.toString());
            JsonNode ingest = call(socket, "ingest_desktop_snapshot", params());
            assertEquals("memory_write", ingest.at("/error/details/capability").asText(), ingest.toString());
            JsonNode recording = call(socket, "start_workflow_recording", params().put("name", "r"));
            assertEquals(
                    "workflow_record", recording.at("/error/details/capability").asText(), recording.toString());
            JsonNode status = call(socket, "desktop_graph_status", params());
            assertTrue(status.get("ok").asBoolean(), "reading the graph is memory_read: " + status);
            assertEquals(0, status.at("/data/snapshot_count").asInt(), "nothing was ingested: " + status);
            JsonNode refresh = call(socket, "query_desktop_graph", params().put("refresh_if_stale", true));
            assertEquals("memory_write", refresh.at("/error/details/capability").asText(), refresh.toString());

            String audit = Files.readString(daemon.state.resolve("audit.jsonl"));
            assertTrue(audit.contains("\"execute_workflow_file\""), audit);
            assertFalse(audit.contains(TYPED), "the audit never holds a workflow's values");
            assertFalse(audit.contains("role=text"), "the audit never holds a selector");
        }
    }
}
