package org.praefectus.daemon.grpc;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.ProfileAction;
import org.praefectus.api.desktop.ProfileAim;
import org.praefectus.api.desktop.ProfileCheck;
import org.praefectus.api.desktop.ProfileEffect;
import org.praefectus.api.desktop.ProfileExpectation;
import org.praefectus.api.desktop.ProfileFocus;
import org.praefectus.api.desktop.ProfileInfo;
import org.praefectus.api.desktop.ProfileListing;
import org.praefectus.api.desktop.ProfileLocation;
import org.praefectus.api.desktop.ProfileQuery;
import org.praefectus.api.selector.UiElement;
import org.praefectus.daemon.grpc.v1.DesktopActionResponse;
import org.praefectus.daemon.grpc.v1.DesktopAssertRequest;
import org.praefectus.daemon.grpc.v1.DesktopAssertionKind;
import org.praefectus.daemon.grpc.v1.DesktopClickRequest;
import org.praefectus.daemon.grpc.v1.DesktopDragRequest;
import org.praefectus.daemon.grpc.v1.DesktopFocusRequest;
import org.praefectus.daemon.grpc.v1.DesktopLocateRequest;
import org.praefectus.daemon.grpc.v1.DesktopLocateResponse;
import org.praefectus.daemon.grpc.v1.DesktopProfile;
import org.praefectus.daemon.grpc.v1.DesktopProfileAvailability;
import org.praefectus.daemon.grpc.v1.DesktopProfileCommand;
import org.praefectus.daemon.grpc.v1.DesktopProfileTarget;
import org.praefectus.daemon.grpc.v1.DesktopProfilesRequest;
import org.praefectus.daemon.grpc.v1.DesktopProfilesResponse;
import org.praefectus.daemon.grpc.v1.DesktopTypeIntoRequest;
import org.praefectus.daemon.grpc.v1.MouseButton;
import org.praefectus.daemon.grpc.v1.Point;

/**
 * PeekabooX's {@code Desktop*} messages read into the typed requests of the platform's {@code DesktopProfiles}, and
 * its typed results written as their responses. The profile target is always read over accessibility, so
 * {@code prefer_accessibility} changes nothing; what this daemon cannot do ({@code image_path}, a vision locate:
 * the vision services offer no template matching; the GNOME overview; any button of a drag but the left one) is
 * refused, never ignored. {@code launch_if_needed} and the text assertions are the typed service's. An effect whose terminal is not {@code succeeded} is a status as for the input RPCs
 * ({@link GrpcDesktop#status}).
 */
final class DesktopRequests {

    private DesktopRequests() {}

    private static void noVision(boolean hasImagePath) {
        if (hasImagePath) {
            throw Envelopes.failure("unsupported", "a vision locate (image_path) is not implemented by this daemon");
        }
    }

    private static ProfileAim aim(String app, String target, boolean hasTitle, String title, boolean hasId, String id) {
        try {
            return new ProfileAim(app, target, hasTitle ? title : null, hasId ? id : null);
        } catch (IllegalArgumentException invalid) {
            throw Envelopes.failure("invalid_request", invalid.getMessage());
        }
    }

    static ProfileQuery query(DesktopProfilesRequest request) {
        UnknownFields.refuse(request, "DesktopProfilesRequest");
        return new ProfileQuery(
                request.hasApp() ? request.getApp() : null,
                request.hasTarget() ? request.getTarget() : null,
                request.hasCommand() ? request.getCommand() : null,
                request.hasDesktopId() ? request.getDesktopId() : null,
                request.hasSupports() ? request.getSupports() : null,
                request.getCheck(),
                request.getInstalled(),
                request.getAvailable());
    }

    static ProfileAim locate(DesktopLocateRequest request) {
        UnknownFields.refuse(request, "DesktopLocateRequest");
        noVision(request.hasImagePath());
        return aim(
                request.getApp(),
                request.getTarget(),
                request.hasWindowTitle(),
                request.getWindowTitle(),
                request.hasWindowId(),
                request.getWindowId());
    }

    static ProfileAim assertAim(DesktopAssertRequest request) {
        UnknownFields.refuse(request, "DesktopAssertRequest");
        noVision(request.hasImagePath());
        return aim(
                request.getApp(),
                request.getTarget(),
                request.hasWindowTitle(),
                request.getWindowTitle(),
                request.hasWindowId(),
                request.getWindowId());
    }

    /**
     * PeekabooX's assertion kinds as the typed expectation: {@code contains} and {@code not_contains} read the target's
     * text over accessibility and compare {@code expected_text} ignoring case, as PeekabooX does; an
     * {@code expected_text} without a text assertion, or a text assertion without one, is refused.
     */
    static ProfileExpectation expectation(DesktopAssertRequest request) {
        boolean text = request.getAssertion() == DesktopAssertionKind.DESKTOP_ASSERTION_KIND_CONTAINS
                || request.getAssertion() == DesktopAssertionKind.DESKTOP_ASSERTION_KIND_NOT_CONTAINS;
        if (text && (!request.hasExpectedText() || request.getExpectedText().isEmpty())) {
            throw Envelopes.failure("invalid_request", "a contains or not_contains assertion needs expected_text");
        }
        if (!text && request.hasExpectedText()) {
            throw Envelopes.failure("invalid_request", "expected_text belongs to a contains or not_contains assertion");
        }
        return switch (request.getAssertion()) {
            case DESKTOP_ASSERTION_KIND_UNSPECIFIED, DESKTOP_ASSERTION_KIND_PRESENT -> ProfileExpectation.PRESENT;
            case DESKTOP_ASSERTION_KIND_NOT_PRESENT -> new ProfileExpectation(false, null, null);
            case DESKTOP_ASSERTION_KIND_ACTIVE -> new ProfileExpectation(true, "focused", null);
            case DESKTOP_ASSERTION_KIND_NOT_ACTIVE -> new ProfileExpectation(true, null, "focused");
            case DESKTOP_ASSERTION_KIND_CONTAINS ->
                new ProfileExpectation(true, null, null, request.getExpectedText(), null);
            case DESKTOP_ASSERTION_KIND_NOT_CONTAINS ->
                new ProfileExpectation(true, null, null, null, request.getExpectedText());
            default -> throw Envelopes.failure("invalid_request", "an assertion kind this contract does not name");
        };
    }

    static ProfileAction click(DesktopClickRequest request) {
        UnknownFields.refuse(request, "DesktopClickRequest");
        noVision(request.hasImagePath());
        ProfileAim aim = aim(
                request.getApp(),
                request.getTarget(),
                request.hasWindowTitle(),
                request.getWindowTitle(),
                request.hasWindowId(),
                request.getWindowId());
        return action(() -> new ProfileAction(
                aim,
                ProfileAction.CLICK,
                button(request.hasButton() ? request.getButton() : null),
                1,
                null,
                false,
                null,
                null,
                null,
                request.getDryRun(),
                request.getVerify()));
    }

    /** PeekabooX's four ratio fields as the drag's two points; both needed. */
    static ProfileAction drag(DesktopDragRequest request) {
        UnknownFields.refuse(request, "DesktopDragRequest");
        noVision(request.hasImagePath());
        if (request.hasButton()
                && request.getButton() != MouseButton.MOUSE_BUTTON_LEFT
                && request.getButton() != MouseButton.MOUSE_BUTTON_UNSPECIFIED) {
            throw Envelopes.failure("unsupported", "a profile drag uses the left button");
        }
        if (!request.hasFromRatioX() || !request.hasFromRatioY() || !request.hasToRatioX() || !request.hasToRatioY()) {
            throw Envelopes.failure(
                    "usage", "a desktop drag needs from_ratio_x, from_ratio_y, to_ratio_x and to_ratio_y");
        }
        ProfileAim aim = aim(
                request.getApp(),
                request.getTarget(),
                request.hasWindowTitle(),
                request.getWindowTitle(),
                request.hasWindowId(),
                request.getWindowId());
        return action(() -> ProfileAction.drag(
                aim,
                new double[] {request.getFromRatioX(), request.getFromRatioY()},
                new double[] {request.getToRatioX(), request.getToRatioY()},
                request.hasDurationMs() ? request.getDurationMs() : null,
                request.getDryRun(),
                request.getVerify()));
    }

    static ProfileAction typeInto(DesktopTypeIntoRequest request) {
        UnknownFields.refuse(request, "DesktopTypeIntoRequest");
        noVision(request.hasImagePath());
        ProfileAim aim = aim(
                request.getApp(),
                request.getTarget(),
                request.hasWindowTitle(),
                request.getWindowTitle(),
                request.hasWindowId(),
                request.getWindowId());
        return action(() -> ProfileAction.typeInto(
                aim, request.getText(), request.getClear(), request.getDryRun(), request.getVerify()));
    }

    static ProfileAim focus(DesktopFocusRequest request) {
        UnknownFields.refuse(request, "DesktopFocusRequest");
        if (request.hasUseGnomeOverview() && request.getUseGnomeOverview()) {
            throw Envelopes.failure("unsupported", "the GNOME overview is not used by this daemon");
        }
        return aim(
                request.getApp(),
                null,
                request.hasWindowTitle(),
                request.getWindowTitle(),
                request.hasWindowId(),
                request.getWindowId());
    }

    private interface Build {
        ProfileAction build();
    }

    private static ProfileAction action(Build build) {
        try {
            return build.build();
        } catch (IllegalArgumentException invalid) {
            throw Envelopes.failure("invalid_request", invalid.getMessage());
        }
    }

    private static org.praefectus.api.protocol.MouseButton button(MouseButton button) {
        if (button == null) {
            return org.praefectus.api.protocol.MouseButton.LEFT;
        }
        return switch (button) {
            case MOUSE_BUTTON_UNSPECIFIED, MOUSE_BUTTON_LEFT -> org.praefectus.api.protocol.MouseButton.LEFT;
            case MOUSE_BUTTON_MIDDLE -> org.praefectus.api.protocol.MouseButton.MIDDLE;
            case MOUSE_BUTTON_RIGHT -> org.praefectus.api.protocol.MouseButton.RIGHT;
            default -> throw Envelopes.failure("invalid_request", "button is left, middle or right");
        };
    }

    /**
     * A refusal of the profile service as a status: an effect (or a focus) whose terminal is not {@code succeeded} as
     * the input RPCs report it, anything else by its code.
     */
    static StatusRuntimeException refused(DesktopException e) {
        InputOutcome outcome = e.details() instanceof ProfileEffect effect
                ? effect.outcome()
                : e.details() instanceof ProfileFocus focus ? focus.operation() : null;
        if (outcome != null && !outcome.succeeded()) {
            return GrpcDesktop.status(outcome)
                    .withDescription(e.code() + ": " + e.getMessage())
                    .asRuntimeException();
        }
        return Envelopes.failure(e.code(), e.getMessage());
    }

    static DesktopProfilesResponse profiles(ProfileListing listing, boolean checked) {
        DesktopProfilesResponse.Builder response = DesktopProfilesResponse.newBuilder()
                .setSchemaVersion(listing.schemaVersion())
                .setCount(listing.count());
        for (ProfileInfo info : listing.profiles()) {
            response.addProfiles(profile(info, checked));
        }
        return response.build();
    }

    private static DesktopProfile profile(ProfileInfo info, boolean checked) {
        ProfileInfo.Availability availability = info.availability();
        DesktopProfileCommand.Builder command = DesktopProfileCommand.newBuilder()
                .setProgram(info.command())
                .addAllArgs(info.args())
                .setDisplay(String.join(" ", info.command(), String.join(" ", info.args()))
                        .strip());
        DesktopProfileAvailability.Builder available =
                DesktopProfileAvailability.newBuilder().setChecked(checked);
        if (availability != null) {
            command.setAvailable(availability.installed());
            available
                    .setInstalled(availability.available())
                    .setCommandAvailable(availability.installed())
                    .setDesktopEntryAvailable(!availability.desktopIdsFound().isEmpty())
                    .addAllAvailableDesktopIds(availability.desktopIdsFound());
            if (availability.installed()) {
                available.addAvailableCommands(info.command());
            }
        }
        DesktopProfile.Builder profile = DesktopProfile.newBuilder()
                .setId(info.app())
                // PeekabooX matches a profile's windows by its search_name (a title or app ID part): here window.app
                .setSearchName(info.windowApp())
                .addAllAliases(info.aliases())
                .addAllDesktopIds(info.desktopIds())
                .addCommands(command)
                .setAvailability(available);
        for (ProfileInfo.Target target : info.targets()) {
            // every target here is an accessibility selector; PeekabooX's visual layouts are not implemented
            profile.addTargets(DesktopProfileTarget.newBuilder()
                    .setName(target.name())
                    .addAllSupports(target.supports())
                    .addSources("accessibility")
                    .setCanLocate(target.supports().contains("locate"))
                    .setCanClick(target.supports().contains(ProfileAction.CLICK))
                    .setCanDrag(target.supports().contains(ProfileAction.DRAG))
                    .setCanType(target.supports().contains(ProfileAction.TYPE_INTO))
                    .setCanAssertPresent(target.supports().contains("assert"))
                    .setCanAssertActive(target.supports().contains("assert"))
                    .setCanAssertContains(target.supports().contains("assert"))
                    .setAccessibilitySelector(target.selector()));
        }
        return profile.build();
    }

    /** The best match's centre and bounds. */
    static DesktopLocateResponse located(ProfileLocation location) {
        UiElement element = location.element();
        DesktopLocateResponse.Builder response = DesktopLocateResponse.newBuilder()
                .setApp(location.app())
                .setTarget(location.aim().target())
                .setSource("accessibility");
        if (element.center() != null) {
            response.setPoint(
                    Point.newBuilder().setX((int) element.center().x()).setY((int)
                            element.center().y()));
        }
        if (element.bounds() != null) {
            response.setRect(GrpcDesktop.rect(element.bounds()));
        }
        return response.build();
    }

    /** An assertion that held (one that did not is {@code FAILED_PRECONDITION} {@code assertion_failed}). */
    static DesktopActionResponse asserted(ProfileCheck check) {
        if (!check.passed()) {
            throw refused(check.failure());
        }
        String detail;
        try {
            detail = ProtoJson.JSON.writeValueAsString(check.checks());
        } catch (JsonProcessingException e) {
            throw Status.INTERNAL.withDescription("internal_error: the checks").asRuntimeException();
        }
        return response(check.app(), "assert", detail, true).build();
    }

    static DesktopActionResponse focused(ProfileFocus focus) {
        return response(focus.app(), "focus", focus.focused() ? "focused" : "dry_run", focus.focused())
                .addAllFocusDiagnostics(focus.diagnostics())
                .build();
    }

    /** An effect whose terminal is {@code succeeded}, or a dry run. */
    static DesktopActionResponse acted(String action, ProfileEffect effect) {
        InputOutcome outcome = effect.outcome();
        return response(
                        effect.app(),
                        action,
                        outcome.status() == null ? "dry_run" : outcome.status(),
                        effect.postcondition() != null && effect.postcondition().passed())
                .addAllFocusDiagnostics(effect.focusDiagnostics())
                .build();
    }

    private static DesktopActionResponse.Builder response(String app, String action, String detail, boolean verified) {
        return DesktopActionResponse.newBuilder()
                .setApp(app)
                .setAction(action)
                .setDetail(detail)
                .setBackendName("praefectus")
                .setVerified(verified);
    }
}
