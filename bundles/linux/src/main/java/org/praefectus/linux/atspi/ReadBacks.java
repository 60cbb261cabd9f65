package org.praefectus.linux.atspi;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.freedesktop.dbus.types.UInt32;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.selector.ReadBack;

/**
 * Reads back what elements hold now (#36): states, text and {@code Value} are asked of each element, all calls sent
 * before any reply is awaited, so a window costs one pipelined wave, not a round trip per element (the states of the
 * walk an observation was made from may be old: an act reads back what it changed). An element that no longer answers
 * (gone, or defunct) is left out. A password field's text is never read, only its length. A combo
 * box's text is the item it shows chosen.
 */
public final class ReadBacks {

    /** {@code ATSPI_ROLE_PASSWORD_TEXT}. */
    static final int PASSWORD_TEXT = 40;

    /** Roles that can be checked although their toolkit does not set {@code checkable}. */
    private static final Set<String> CHECK_ROLES =
            Set.of("check box", "radio button", "toggle button", "check menu item", "radio menu item");

    private ReadBacks() {}

    private record Pending(
            PendingCall<List<UInt32>> states,
            PendingCall<Integer> length,
            PendingCall<String> text,
            PendingCall<Map<String, Double>> value) {}

    /**
     * The read-back of each node that still answers, keyed by object.
     *
     * @param roles each node's role name, as the observation reports it
     * @throws ExecutorException cancelled or expired
     */
    public static Map<AtspiObject, ReadBack> read(
            AtspiBus bus,
            List<AccessibleNode> nodes,
            Map<AtspiObject, String> roles,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws ExecutorException {
        Map<AtspiObject, Pending> pending = new HashMap<>();
        for (AccessibleNode node : nodes) {
            boolean text = node.has(AccessibleNode.TEXT);
            pending.put(
                    node.object(),
                    new Pending(
                            bus.states(node.object()),
                            text ? bus.characterCount(node.object()) : null,
                            // a combo box holds its chosen item, asked now: the cache learns it late
                            node.choice()
                                    ? bus.name(node.object())
                                    : text && node.roleCode() != PASSWORD_TEXT
                                            ? bus.text(node.object(), 0, ReadBack.TEXT_LIMIT)
                                            : null,
                            node.has(AccessibleNode.VALUE) ? bus.valueProperties(node.object()) : null));
        }
        Map<AtspiObject, ReadBack> read = new HashMap<>();
        for (AccessibleNode node : nodes) {
            Pending calls = pending.get(node.object());
            List<UInt32> states = collect(calls.states(), cancellation, deadlineAtMs);
            AtspiState state = states == null ? null : AtspiState.of(states);
            if (state == null || state.has(AtspiState.DEFUNCT)) {
                // gone since the walk: its other replies are errors too (awaited all the same, one wave)
                collect(calls.length(), cancellation, deadlineAtMs);
                collect(calls.text(), cancellation, deadlineAtMs);
                collect(calls.value(), cancellation, deadlineAtMs);
                continue;
            }
            Integer length = collect(calls.length(), cancellation, deadlineAtMs);
            String text = collect(calls.text(), cancellation, deadlineAtMs);
            Map<String, Double> value = collect(calls.value(), cancellation, deadlineAtMs);
            read.put(node.object(), of(node, state, roles.get(node.object()), length, text, value));
        }
        return read;
    }

    static ReadBack of(
            AccessibleNode node,
            AtspiState state,
            String role,
            Integer length,
            String text,
            Map<String, Double> value) {
        boolean checkable = state.has(AtspiState.CHECKABLE)
                || state.has(AtspiState.CHECKED)
                || (role != null && CHECK_ROLES.contains(role));
        Map<String, Double> values = value == null ? Map.of() : value;
        return new ReadBack(
                text == null || text.isEmpty() ? null : text,
                length,
                values.get("CurrentValue"),
                values.get("MinimumValue"),
                values.get("MaximumValue"),
                values.get("MinimumIncrement"),
                checkable ? state.has(AtspiState.CHECKED) : null,
                state.has(AtspiState.SELECTED),
                state.has(AtspiState.FOCUSED),
                (state.has(AtspiState.EXPANDABLE) || state.has(AtspiState.EXPANDED))
                        ? state.has(AtspiState.EXPANDED)
                        : null,
                node.has(AccessibleNode.EDITABLE_TEXT)
                        && state.has(AtspiState.EDITABLE)
                        && !state.has(AtspiState.READ_ONLY),
                state.enabled());
    }

    /** The reply, or {@code null} when there was no call or the object could not answer it. */
    private static <T> T collect(PendingCall<T> call, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        if (call == null) {
            return null;
        }
        try {
            return call.await(cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            if (e.failure() == ExecutorFailure.CANCELLED || e.failure() == ExecutorFailure.EXPIRED) {
                throw e;
            }
            return null; // gone or not serving the interface it listed: read back what the walk knew
        }
    }
}
