package org.praefectus.daemon.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.resident.HostRefusedException;

class GatesTest {

    private static final Action CLICK = new Action.Click(MouseButton.LEFT, 1, false);

    @Test
    void observeAndPlanSignNothing() {
        for (Gates.Profile profile : new Gates.Profile[] {Gates.Profile.OBSERVE, Gates.Profile.PLAN}) {
            HostRefusedException refused = assertThrows(
                    HostRefusedException.class, () -> new Gates(profile, true, true).check(new Action.Invoke()));
            assertEquals("profile_denied", refused.code());
        }
    }

    @Test
    void assistSignsSemanticActionsAndInputOnlyThroughTheInputGate() throws Exception {
        Gates closed = new Gates(Gates.Profile.ASSIST, false, false);
        closed.check(new Action.Invoke());
        closed.check(new Action.SetValue("v"));
        assertEquals(
                "input_not_allowed",
                assertThrows(HostRefusedException.class, () -> closed.check(CLICK))
                        .code());
        new Gates(Gates.Profile.ASSIST, true, false).check(CLICK);
        assertEquals(
                "plugins_not_allowed",
                assertThrows(HostRefusedException.class, closed::checkPlugins).code());
    }

    @Test
    void operatorOpensTheInputGate() throws Exception {
        Gates operator = new Gates(Gates.Profile.OPERATOR, false, false);
        operator.check(CLICK);
        operator.check(new Action.Open("https://example.org", null, false));
    }

    /** Issue 40, defect 7: {@code --profile operator} turned plugins on without {@code --allow-plugins}. */
    @Test
    void operatorProfileLeavesPluginsOffWithoutAllowPlugins() throws Exception {
        Gates operator = new Gates(Gates.Profile.OPERATOR, false, false);
        assertFalse(operator.allowPlugins());
        assertEquals(
                "plugins_not_allowed",
                assertThrows(HostRefusedException.class, operator::checkPlugins).code());
        new Gates(Gates.Profile.OPERATOR, false, true).checkPlugins();
    }
}
