package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.PrivateEngine;
import org.praefectus.api.engine.PrivateEngineSpec;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.demos.DemoRefusal;
import org.praefectus.demos.EphemeralDemoSigner;
import org.praefectus.demos.macos.TextEditDemo;
import org.praefectus.engine.execution.EngineFactoryComponent;
import org.praefectus.macos.ax.AxValue;

/**
 * The TextEdit demo host (bundles/demos) on a private engine from the real {@code EngineFactory}, over the
 * macOS executor and the fixtures: what {@code textedit-demo --approved-demo} does on a Mac, except that AX,
 * Quartz and the process table are fixtures.
 */
class TextEditDemoTest {

    private static final String TEXTEDIT = "/System/Applications/TextEdit.app/Contents/MacOS/TextEdit";
    private static final String FINDER = "/System/Library/CoreServices/Finder.app/Contents/MacOS/Finder";

    @TempDir
    Path directory;

    /** The process table of the fixtures: TextEdit is pid 512, Finder its own. */
    private static Optional<String> executable(FakeDesktop desktop, long pid) {
        for (FakeApp app : desktop.apps) {
            if (app.pid == pid) {
                return Optional.of(app.name.equals("TextEdit") ? TEXTEDIT : FINDER);
            }
        }
        return Optional.empty();
    }

    private Path ledger() {
        return directory.resolve("state").resolve(TextEditDemo.LEDGER_FILE);
    }

    private Map<String, Object> run(FakeDesktop desktop, Optional<SurfaceRef> surface) throws Exception {
        MacTesting mac = new MacTesting(desktop, directory);
        EphemeralDemoSigner authority = new EphemeralDemoSigner("praefectus-tofu-demo");
        try (PrivateEngine engine = new EngineFactoryComponent()
                .create(new PrivateEngineSpec(List.of(authority.pin()), ledger(), mac.executor))) {
            return new TextEditDemo(engine, authority, pid -> executable(desktop, pid))
                    .run(surface, System.currentTimeMillis() + 30_000);
        }
    }

    private static String text(FakeDesktop desktop) {
        return desktop.apps.stream()
                .filter(app -> app.name.equals("TextEdit"))
                .findFirst()
                .orElseThrow()
                .window()
                .find("AXTextArea", null)
                .attributes
                .get("AXValue")
                .text();
    }

    @Test
    void theForegroundDemoDocumentGetsTheNotesVerifiedAndAReplayDoesNotDispatchAgain() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit", "finder");

        Map<String, Object> data = run(desktop, Optional.empty());

        assertEquals(true, data.get("verified"));
        assertEquals(true, data.get("replayed_without_dispatch"));
        assertEquals(TextEditDemo.DOCUMENT, data.get("document"));
        assertEquals(1, desktop.effects("set_text").size());
        String notes = text(desktop);
        assertTrue(notes.startsWith("Tofu research notes"), "the document holds the fixed notes");
        // the demo acts through AX alone: no keystroke, no pointer, and it neither saves nor closes
        assertEquals(List.of(), desktop.effects("post_to_pid"));
        assertEquals(List.of(), desktop.effects("post_global"));
        assertEquals(List.of(), desktop.effects("perform"));
        // its own durable ledger, private, holding the operation but never the notes
        assertTrue(Files.isRegularFile(ledger()));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(ledger())));
        String ledgerText = Files.readString(ledger(), StandardCharsets.UTF_8);
        assertTrue(ledgerText.contains((String) data.get("operation_id")));
        assertFalse(ledgerText.contains("Tofu research notes"));
        assertFalse(data.toString().contains("Tofu research notes"));
    }

    @Test
    void anotherApplicationInFrontIsRefusedWithoutAnyEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder", "textedit");

        DemoRefusal refusal = assertThrows(DemoRefusal.class, () -> run(desktop, Optional.empty()));

        assertTrue(refusal.getMessage().contains("TextEdit"));
        assertEquals(List.of(), desktop.effects("set_text"));
        assertEquals("Draft", text(desktop));
    }

    @Test
    void aProcessThatOnlyCallsItselfTextEditIsRefused() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        EphemeralDemoSigner authority = new EphemeralDemoSigner("praefectus-tofu-demo");
        try (PrivateEngine engine = new EngineFactoryComponent()
                .create(new PrivateEngineSpec(List.of(authority.pin()), ledger(), mac.executor))) {
            // its window and name are TextEdit's, its executable is not
            TextEditDemo demo = new TextEditDemo(engine, authority, pid -> Optional.of("/tmp/TextEdit"));

            assertThrows(DemoRefusal.class, () -> demo.run(Optional.empty(), System.currentTimeMillis() + 30_000));
        }
        assertEquals(List.of(), desktop.effects("set_text"));
    }

    @Test
    void anotherTextEditDocumentIsRefusedWithoutAnyEffect() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        desktop.front().window().attributes.put("AXTitle", new AxValue.Text("Shopping list.txt"));

        DemoRefusal refusal = assertThrows(DemoRefusal.class, () -> run(desktop, Optional.empty()));

        assertTrue(refusal.getMessage().contains(TextEditDemo.DOCUMENT));
        assertEquals(List.of(), desktop.effects("set_text"));
    }

    @Test
    void aDocumentWithASecondEditableFieldIsRefused() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        desktop.front().window().find("AXStaticText", null).settable.add("AXValue");

        assertThrows(DemoRefusal.class, () -> run(desktop, Optional.empty()));

        assertEquals(List.of(), desktop.effects("set_text"));
    }

    @Test
    void aNamedSurfaceBehindAnotherWindowIsTheOneActedOn() throws Exception {
        // a dialog of another application is in front: the user names the document's surface instead
        FakeDesktop desktop = Fixtures.desktop("finder", "textedit");
        SurfaceRef document = surfaceOf(desktop, 512);

        Map<String, Object> data = run(desktop, Optional.of(document));

        assertEquals(true, data.get("verified"));
        assertEquals(document.id(), data.get("surface_id"));
        assertTrue(text(desktop).startsWith("Tofu research notes"));
        assertEquals(1, desktop.effects("set_text").size());
    }

    @Test
    void aNamedSurfaceOfAnotherApplicationIsStillRefused() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder", "textedit");
        SurfaceRef finder = surfaceOf(desktop, desktop.front().pid);

        assertThrows(DemoRefusal.class, () -> run(desktop, Optional.of(finder)));

        assertEquals(List.of(), desktop.effects("set_text"));
    }

    @Test
    void aSecondRunIsANewOperationInTheSameLedger() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");

        Map<String, Object> first = run(desktop, Optional.empty());
        Map<String, Object> second = run(desktop, Optional.empty());

        assertFalse(first.get("operation_id").equals(second.get("operation_id")));
        assertEquals(true, second.get("verified"));
        String ledgerText = Files.readString(ledger(), StandardCharsets.UTF_8);
        assertTrue(ledgerText.contains((String) first.get("operation_id")));
        assertTrue(ledgerText.contains((String) second.get("operation_id")));
    }

    private SurfaceRef surfaceOf(FakeDesktop desktop, long pid) throws Exception {
        MacTesting mac = new MacTesting(desktop, directory);
        for (SurfaceDescriptor surface :
                mac.executor.listSurfaces(new CancellationToken(), System.currentTimeMillis() + 30_000)) {
            if (surface.processId() == pid) {
                return surface.surface();
            }
        }
        throw new AssertionError("no surface of process " + pid);
    }
}
