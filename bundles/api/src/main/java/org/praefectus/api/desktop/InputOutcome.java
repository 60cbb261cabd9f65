package org.praefectus.api.desktop;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.Receipt;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.api.selector.UiElement;

/**
 * What an input verb did, or would do: the proposal resolved against a fresh observation, and either the request
 * a signer would sign (a dry run) or the terminal the engine recorded. Its JSON form (snake_case, every text and
 * value redacted to its length) is what every JSON surface shows; {@link #succeeded()} is the only success.
 *
 * @param request          the verb as asked
 * @param proposal         what is (or would be) signed: action, fenced target, verification
 * @param route            how the effect is delivered ({@code pointer}, {@code target_addressed (AT-SPI action)}…)
 * @param element          the element a selector resolved to, or {@code null}
 * @param restoreTo        {@code restore}: where the pointer goes back to, or {@code null}
 * @param host             {@code resident} when a signer drafted or signed, else {@code null}
 * @param draft            a dry run's request as the signer would sign it (placeholder authority), or {@code null}
 * @param nextAction       what to do when no signer runs, or {@code null}
 * @param acknowledgements the engine's acknowledgements of every signed operation, the last one terminal; empty for
 *                         a dry run
 * @param terminal         the last operation's terminal, or {@code null} for a dry run
 * @param restore          the pointer's way back after {@code restore}, or {@code null}
 * @param clipboard        a preserving paste's report, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
    "verb",
    "dry_run",
    "action",
    "route",
    "element",
    "target",
    "verification",
    "keys",
    "repeat",
    "restore_to",
    "signed",
    "host",
    "proposal",
    "request",
    "next_action",
    "status",
    "receipt",
    "acknowledgements",
    "restore",
    "clipboard_restored",
    "warnings"
})
public record InputOutcome(
        @JsonIgnore InputRequest request,
        @JsonIgnore ActionProposal proposal,
        @JsonProperty("route") String route,
        @JsonProperty("element") UiElement element,
        @JsonIgnore long[] restoreTo,
        @JsonProperty("host") String host,
        @JsonIgnore ActionRequest draft,
        @JsonProperty("next_action") String nextAction,
        @JsonIgnore List<ActionAck> acknowledgements,
        @JsonIgnore Terminal terminal,
        @JsonProperty("restore") PointerRestore restore,
        @JsonIgnore ClipboardReport clipboard) {

    public InputOutcome {
        requireNonNull(request, "request");
        requireNonNull(proposal, "proposal");
        acknowledgements = List.copyOf(acknowledgements);
        if (request.dryRun() != (terminal == null)) {
            throw new IllegalArgumentException("a dry run has no terminal, and every real verb has one");
        }
    }

    /**
     * The pointer moved back after {@code restore}.
     *
     * @param position where it went
     * @param status   the move's terminal, {@code skipped} (the verb did not succeed) or {@code refused}
     * @param reason   why it was skipped, or {@code null}
     * @param receipt  the move's receipt (redacted plain JSON), or {@code null}
     * @param error    the refusal's {@code code} and {@code message}, or {@code null}
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PointerRestore(
            @JsonProperty("position") List<Long> position,
            @JsonProperty("status") String status,
            @JsonProperty("reason") String reason,
            @JsonProperty("receipt") Object receipt,
            @JsonProperty("error") Map<String, String> error) {}

    /**
     * A preserving paste's report.
     *
     * @param restored whether the clipboard holds again what it held before ({@code null}: not checked)
     * @param warnings what could not be kept
     */
    public record ClipboardReport(Boolean restored, List<String> warnings) {
        public ClipboardReport {
            warnings = List.copyOf(warnings);
        }
    }

    /** This outcome with a preserving paste's report. */
    public InputOutcome withClipboard(ClipboardReport report) {
        return new InputOutcome(
                request,
                proposal,
                route,
                element,
                restoreTo,
                host,
                draft,
                nextAction,
                acknowledgements,
                terminal,
                restore,
                report);
    }

    /** Whether the verb did what it was asked: a dry run, or a real verb whose terminal is {@code succeeded}. */
    public boolean succeeded() {
        return terminal == null || terminal instanceof Terminal.Succeeded;
    }

    /**
     * The error code of a terminal that is not {@code succeeded}: a rejection's or failure's own code
     * ({@code stale_target}, {@code permission_denied}…), else the terminal's kind ({@code outcome_unknown},
     * {@code cancelled_before_effect}, {@code expired_before_effect}); {@code null} when it succeeded.
     */
    public String errorCode() {
        return succeeded() ? null : terminal.errorCode();
    }

    /**
     * This outcome as the error a surface reports when it did not succeed ({@code details} is this outcome), or
     * {@code null} when it succeeded.
     */
    public DesktopException failure() {
        if (succeeded()) {
            return null;
        }
        String message = switch (terminal.kind()) {
            case "rejected" -> "the engine rejected the " + request.verb() + " before any effect";
            case "failed" -> "the " + request.verb() + " failed";
            case "outcome_unknown" ->
                "the " + request.verb() + "'s outcome is unknown: observe before anything is redone";
            default -> "the " + request.verb() + " ended before any effect (" + terminal.kind() + ")";
        };
        return new DesktopException(errorCode(), message, this);
    }

    @JsonProperty("verb")
    String verb() {
        return request.verb();
    }

    @JsonProperty("dry_run")
    boolean dryRun() {
        return request.dryRun();
    }

    @JsonProperty("action")
    public String actionKind() {
        return proposal.action().kind();
    }

    @JsonProperty("target")
    Object targetJson() {
        return ProtocolJson.encode(proposal.target()).toPlain();
    }

    @JsonProperty("verification")
    Object verificationJson() {
        return ProtocolJson.encode(proposal.verification()).toPlain();
    }

    @JsonProperty("keys")
    List<String> keys() {
        return request.verb().equals("hotkey") ? request.keys() : null;
    }

    @JsonProperty("repeat")
    Integer repeat() {
        return request.verb().equals("hotkey") ? request.repeat() : null;
    }

    @JsonProperty("restore_to")
    List<Long> restoreToJson() {
        return restoreTo == null ? null : List.of(restoreTo[0], restoreTo[1]);
    }

    @JsonProperty("signed")
    boolean signed() {
        return !request.dryRun();
    }

    /** A dry run without a signer: the unsigned proposal. */
    @JsonProperty("proposal")
    Object proposalJson() {
        if (!request.dryRun() || draft != null) {
            return null;
        }
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put(
                "action", Redaction.plain(ProtocolJson.encode(proposal.action()).toPlain()));
        shown.put("target", targetJson());
        shown.put("interaction_mode", proposal.interactionMode().name().toLowerCase(Locale.ROOT));
        shown.put("verification", verificationJson());
        shown.put("risk", proposal.safety().name().toLowerCase(Locale.ROOT));
        shown.put("deadline_at_ms", proposal.deadlineAtMs());
        return shown;
    }

    @JsonProperty("request")
    Object draftJson() {
        return draft == null ? null : Redaction.plain(ProtocolJson.encode(draft).toPlain());
    }

    @JsonProperty("status")
    public String status() {
        return terminal == null ? null : terminal.kind();
    }

    @JsonProperty("receipt")
    Object receipt() {
        return receiptOf(terminal);
    }

    /** A terminal's receipt (succeeded or outcome unknown) as redacted plain JSON, or {@code null}. */
    public static Object receiptOf(Terminal terminal) {
        Receipt receipt = terminal instanceof Terminal.Succeeded succeeded
                ? succeeded.receipt()
                : terminal instanceof Terminal.OutcomeUnknown unknown ? unknown.receipt() : null;
        return receipt == null
                ? null
                : Redaction.plain(ProtocolJson.encode(receipt).toPlain());
    }

    @JsonProperty("acknowledgements")
    List<Object> acknowledgementsJson() {
        return request.dryRun()
                ? null
                : acknowledgements.stream()
                        .map(ack -> Redaction.plain(ProtocolJson.encode(ack).toPlain()))
                        .toList();
    }

    @JsonProperty("clipboard_restored")
    Boolean clipboardRestored() {
        return clipboard == null ? null : clipboard.restored();
    }

    @JsonProperty("warnings")
    List<String> warnings() {
        return clipboard == null ? List.of() : clipboard.warnings();
    }

    @Override
    public String toString() {
        return "InputOutcome[" + request.verb() + ", " + (terminal == null ? "dry run" : terminal.kind()) + "]";
    }
}
