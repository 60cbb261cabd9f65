package org.praefectus.api.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ApplicationOperation;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.WindowOperation;

/** The one policy: PeekabooX's profiles and capabilities, the action kinds each profile signs, the two gates. */
class HostPolicyTest {

    private static final Action CLICK = new Action.Click(MouseButton.LEFT, 1, false);

    @Test
    void theProfilesHoldPeekabooxsCapabilities() {
        assertEquals(
                EnumSet.of(Capability.OBSERVE, Capability.VISION, Capability.MEMORY_READ, Capability.PLUGIN_READ),
                EnumSet.copyOf(CapabilityProfile.OBSERVE.capabilities()));
        assertEquals(
                EnumSet.of(
                        Capability.OBSERVE,
                        Capability.VISION,
                        Capability.MEMORY_READ,
                        Capability.MEMORY_WRITE,
                        Capability.WORKFLOW_GENERATE,
                        Capability.PLUGIN_READ),
                EnumSet.copyOf(CapabilityProfile.PLAN.capabilities()));
        assertEquals(
                EnumSet.of(
                        Capability.OBSERVE,
                        Capability.CLICK,
                        Capability.WORKFLOW_EXECUTE,
                        Capability.WORKFLOW_GENERATE,
                        Capability.VISION,
                        Capability.MEMORY_READ,
                        Capability.MEMORY_WRITE,
                        Capability.PLUGIN_READ),
                EnumSet.copyOf(CapabilityProfile.ASSIST.capabilities()),
                "assist: interactive assistance without typing or recording");
        assertEquals(EnumSet.allOf(Capability.class), EnumSet.copyOf(CapabilityProfile.OPERATOR.capabilities()));
        assertEquals("memory_write", Capability.MEMORY_WRITE.wireName());
        assertEquals(CapabilityProfile.ASSIST, CapabilityProfile.parse(" Assist "));
        assertEquals(
                "unknown capability profile (observe, plan, assist, operator)",
                assertThrows(IllegalArgumentException.class, () -> CapabilityProfile.parse("root"))
                        .getMessage());
    }

    @Test
    void aCapabilityOutsideTheProfileIsRefusedByTheProfile() {
        HostPolicy observe = new HostPolicy(CapabilityProfile.OBSERVE, true, true);
        assertTrue(observe.capability(Capability.MEMORY_READ).allowed());
        PolicyDecision write = observe.capability(Capability.MEMORY_WRITE);
        assertFalse(write.allowed());
        assertEquals(HostPolicy.PROFILE_DENIED, write.reason());
        assertTrue(new HostPolicy(CapabilityProfile.PLAN, false, false)
                .capability(Capability.WORKFLOW_GENERATE)
                .allowed());
    }

    @Test
    void observeAndPlanSignNothing() {
        for (CapabilityProfile profile : List.of(CapabilityProfile.OBSERVE, CapabilityProfile.PLAN)) {
            HostPolicy policy = new HostPolicy(profile, true, true);
            assertFalse(policy.signsActions());
            assertEquals(
                    HostPolicy.PROFILE_DENIED,
                    policy.action(new Action.Invoke()).reason());
            assertEquals(HostPolicy.PROFILE_DENIED, policy.actionKind("invoke").reason());
        }
    }

    /** The one answer for assist: every target-addressed semantic action, whichever host asks. */
    @Test
    void assistSignsTheSemanticActionsAndInputOnlyThroughTheInputGate() {
        HostPolicy closed = new HostPolicy(CapabilityProfile.ASSIST, false, false);
        for (String kind : List.of(
                "invoke",
                "set_value",
                "select",
                "select_text",
                "perform_secondary_action",
                "handle_dialog",
                "upload")) {
            assertTrue(closed.actionKind(kind).allowed(), kind);
        }
        for (Action semantic : List.of(
                new Action.Invoke(),
                new Action.SetValue("v"),
                new Action.SelectText(0, 2),
                new Action.PerformSecondaryAction("expand"))) {
            assertTrue(closed.action(semantic).allowed(), semantic.kind());
        }
        assertEquals(HostPolicy.INPUT_NOT_ALLOWED, closed.action(CLICK).reason());
        assertEquals(
                HostPolicy.INPUT_NOT_ALLOWED, closed.actionKind("type_text").reason());

        HostPolicy open = new HostPolicy(CapabilityProfile.ASSIST, true, false);
        assertTrue(open.action(CLICK).allowed());
        assertTrue(
                open.action(new Action.Window(WindowOperation.FOCUS, null, "w")).allowed());
        assertTrue(open.action(new Action.Application(ApplicationOperation.LAUNCH, "a"))
                .allowed());
        assertTrue(
                open.action(new Action.Open("https://example.org", null, false)).allowed());
        assertEquals(
                HostPolicy.PROFILE_DENIED,
                open.action(new Action.Window(WindowOperation.CLOSE, null, "w")).reason(),
                "closing a window may lose what it holds: the operator's");
        assertEquals(
                HostPolicy.PROFILE_DENIED,
                open.action(new Action.Application(ApplicationOperation.QUIT, "a"))
                        .reason());
        assertEquals(
                HostPolicy.PROFILE_DENIED,
                open.action(new Action.ClipboardWrite("c")).reason());
        assertEquals(HostPolicy.PROFILE_DENIED, open.actionKind("window").reason(), "by kind alone: the operator's");
    }

    @Test
    void operatorSignsEverythingAndOpensTheInputGate() {
        HostPolicy operator = new HostPolicy(CapabilityProfile.OPERATOR, false, false);
        assertTrue(operator.inputGate());
        assertTrue(operator.action(CLICK).allowed());
        assertTrue(operator.action(new Action.Window(WindowOperation.CLOSE, null, "w"))
                .allowed());
        assertTrue(operator.actionKind("window").allowed());
    }

    /** Issue 40, defect 7: the operator profile alone never opens the plugin gate. */
    @Test
    void pluginsNeedThePluginGateAndTheOperatorProfile() {
        assertEquals(
                HostPolicy.PLUGINS_NOT_ALLOWED,
                new HostPolicy(CapabilityProfile.OPERATOR, true, false)
                        .plugins()
                        .reason());
        assertEquals(
                HostPolicy.PLUGINS_NOT_ALLOWED,
                new HostPolicy(CapabilityProfile.ASSIST, false, false).plugins().reason());
        assertEquals(
                HostPolicy.PROFILE_DENIED,
                new HostPolicy(CapabilityProfile.ASSIST, false, true).plugins().reason(),
                "plugin_execute is the operator's (PeekabooX)");
        assertTrue(new HostPolicy(CapabilityProfile.OPERATOR, false, true)
                .plugins()
                .allowed());
        assertEquals(
                new HostPolicy(CapabilityProfile.OPERATOR, false, true).plugins(),
                new HostPolicy(CapabilityProfile.OPERATOR, false, true).capability(Capability.PLUGIN_EXECUTE));
    }
}
