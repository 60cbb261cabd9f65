package org.praefectus.daemon.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.resident.HostRefusedException;

class GatesTest {

    private static final Action CLICK = new Action.Click(MouseButton.LEFT, 1, false);

    @Test
    void observeAndPlanSignNothing() {
        for (CapabilityProfile profile : new CapabilityProfile[] {CapabilityProfile.OBSERVE, CapabilityProfile.PLAN}) {
            HostRefusedException refused = assertThrows(
                    HostRefusedException.class, () -> new Gates(profile, true, true).check(new Action.Invoke()));
            assertEquals("profile_denied", refused.code());
        }
    }

    @Test
    void assistSignsSemanticActionsAndInputOnlyThroughTheInputGate() throws Exception {
        Gates closed = new Gates(CapabilityProfile.ASSIST, false, false);
        closed.check(new Action.Invoke());
        closed.check(new Action.SetValue("v"));
        assertEquals(
                "input_not_allowed",
                assertThrows(HostRefusedException.class, () -> closed.check(CLICK))
                        .code());
        new Gates(CapabilityProfile.ASSIST, true, false).check(CLICK);
        assertEquals(
                "plugins_not_allowed",
                assertThrows(HostRefusedException.class, closed::checkPlugins).code());
    }

    @Test
    void operatorOpensTheInputGate() throws Exception {
        Gates operator = new Gates(CapabilityProfile.OPERATOR, false, false);
        operator.check(CLICK);
        operator.check(new Action.Open("https://example.org", null, false));
    }

    /** Issue 40, defect 7: {@code --profile operator} turned plugins on without {@code --allow-plugins}. */
    @Test
    void operatorProfileLeavesPluginsOffWithoutAllowPlugins() throws Exception {
        Gates operator = new Gates(CapabilityProfile.OPERATOR, false, false);
        assertFalse(operator.allowPlugins());
        assertEquals(
                "plugins_not_allowed",
                assertThrows(HostRefusedException.class, operator::checkPlugins).code());
        new Gates(CapabilityProfile.OPERATOR, false, true).checkPlugins();
    }

    /** The one policy: plugins are PeekabooX's plugin_execute, the operator's, even with the plugin gate open. */
    @Test
    void assistRunsNoPluginEvenThroughThePluginGate() {
        assertEquals(
                "profile_denied",
                assertThrows(
                                HostRefusedException.class,
                                () -> new Gates(CapabilityProfile.ASSIST, false, true).checkPlugins())
                        .code());
    }
}
