package org.praefectus.nativecore.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.nativecore.input.WindowVerbs.Naming;

/** The window verbs' proposal, decided once for every platform, over plain windows. */
class WindowVerbsTest {

    private static final long DEADLINE = 1_000_000L;

    private static DesktopWindow window(String id, String title, String appId) {
        return new DesktopWindow(id, title, appId, new Rect(0, 0, 640, 480), false, "unknown", 42, true, null, "x11");
    }

    private static final List<DesktopWindow> DESKTOP = List.of(
            window("1", "Notes.txt - Editor", "editor"),
            window("2", "Downloads", "files"),
            window("3", "", "terminal"),
            window("4", "Untitled", ""),
            window("5", "Twin", "twin"),
            window("6", "Twin", "twin"));

    private static ActionProposal propose(String verb, ElementScope scope, Naming naming) throws Exception {
        return WindowVerbs.proposal(InputRequest.window(verb, scope, false), () -> DESKTOP, naming, DEADLINE);
    }

    private static String refusal(String verb, ElementScope scope, Naming naming) {
        return assertThrows(DesktopException.class, () -> propose(verb, scope, naming))
                .code();
    }

    @Test
    void eachVerbIsItsOperationOnTheNamedWindowSignedWithoutATargetAndOnlyCloseIsDestructive() throws Exception {
        ElementScope editor = new ElementScope("editor", null, null);
        for (Naming naming : Naming.values()) {
            for (String verb : List.of("focus", "minimize", "close")) {
                ActionProposal proposal = propose(verb, editor, naming);

                Action.Window action = assertInstanceOf(Action.Window.class, proposal.action());
                assertEquals(InputRequest.WINDOW_VERBS.get(verb), action.operation());
                assertEquals("editor", action.app());
                assertEquals("Notes.txt - Editor", action.title());
                assertEquals(new TargetRef.None(), proposal.target());
                assertEquals(new VerificationPolicy.None(), proposal.verification());
                assertEquals(InteractionMode.INTERACTIVE, proposal.interactionMode());
                assertEquals(
                        verb.equals("close") ? SafetyClass.DESTRUCTIVE : SafetyClass.REVERSIBLE, proposal.safety());
                assertEquals(DEADLINE, proposal.deadlineAtMs());
            }
        }
        assertTrue(List.of("focus", "minimize", "close").stream().allMatch(WindowVerbs::is));
        assertFalse(WindowVerbs.is("click"));
        assertFalse(WindowVerbs.is("launch"));
    }

    @Test
    void theScopeMustNameExactlyOneWindowAndTheDesktopIsNotListedForAnEmptyScope() {
        List<String> listed = new ArrayList<>();
        DesktopException usage = assertThrows(
                DesktopException.class,
                () -> WindowVerbs.proposal(
                        InputRequest.window("focus", ElementScope.ALL, false),
                        () -> {
                            listed.add("listed");
                            return DESKTOP;
                        },
                        Naming.TITLE,
                        DEADLINE));
        assertEquals("usage", usage.code());
        assertEquals(List.of(), listed);

        for (Naming naming : Naming.values()) {
            assertEquals("window_not_found", refusal("focus", new ElementScope("Preview", null, null), naming));
            DesktopException twins = assertThrows(
                    DesktopException.class, () -> propose("close", new ElementScope("twin", null, null), naming));
            assertEquals("window_not_found", twins.code());
            assertTrue(twins.getMessage().contains("--window-id"), twins.getMessage());
        }
    }

    @Test
    void byAppIdAndTitleAnUntitledWindowCanOnlyBeFocusedAndAWindowWithoutAppIdNotAtAll() throws Exception {
        ElementScope untitled = new ElementScope("terminal", null, null);
        Action.Window focus = assertInstanceOf(
                Action.Window.class,
                propose("focus", untitled, Naming.APP_ID_AND_TITLE).action());
        assertEquals("terminal", focus.app());
        assertNull(focus.title());
        assertEquals("target_not_found", refusal("minimize", untitled, Naming.APP_ID_AND_TITLE));
        assertEquals("target_not_found", refusal("close", untitled, Naming.APP_ID_AND_TITLE));

        assertEquals("target_not_found", refusal("focus", new ElementScope(null, null, "4"), Naming.APP_ID_AND_TITLE));
    }

    @Test
    void byTitleAnUntitledWindowIsNeverNamedAndOneWithoutAppIdIs() throws Exception {
        for (String verb : List.of("focus", "minimize", "close")) {
            assertEquals("target_not_found", refusal(verb, new ElementScope("terminal", null, null), Naming.TITLE));
        }
        Action.Window untitledApp = assertInstanceOf(
                Action.Window.class,
                propose("focus", new ElementScope(null, null, "4"), Naming.TITLE)
                        .action());
        assertEquals("", untitledApp.app());
        assertEquals("Untitled", untitledApp.title());
    }

    @Test
    void theOneWindowIsFoundByAppTitleOrIdAndNeverGuessed() throws Exception {
        assertEquals(
                "2",
                WindowVerbs.theOne(new ElementScope(null, "Downloads", null), DESKTOP)
                        .id());
        assertEquals(
                "1",
                WindowVerbs.theOne(new ElementScope(null, null, "0x1"), DESKTOP).id());
        assertThrows(DesktopException.class, () -> WindowVerbs.theOne(ElementScope.ALL, DESKTOP));
        assertThrows(
                DesktopException.class, () -> WindowVerbs.theOne(new ElementScope("editor", null, null), List.of()));
    }
}
