package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopProfiles;
import org.praefectus.api.desktop.ProfileAction;
import org.praefectus.api.desktop.ProfileAim;
import org.praefectus.api.desktop.ProfileCheck;
import org.praefectus.api.desktop.ProfileExpectation;
import org.praefectus.api.desktop.ProfileQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.RequestValidation;
import org.praefectus.api.resident.ResidentHost;

/**
 * The socket's desktop profile methods ({@code desktop_profiles}, {@code desktop_locate}, {@code desktop_assert},
 * {@code desktop_focus}, {@code desktop_click}, {@code desktop_type_into}, {@code desktop_drag}) as an adapter of the
 * platform's {@link DesktopProfiles}: each request's fields (the {@code desktop} command's flags in snake_case, a
 * drag's ratios as {@code from_ratio_x}/{@code from_ratio_y} and {@code to_ratio_x}/{@code to_ratio_y} pairs, an
 * assertion's text as {@code contains}/{@code not_contains}, a focus's {@code launch_if_needed}) are read
 * into the typed request, a field a method does not implement is refused {@code unsupported_field} before anything
 * happens, and the typed result is the reply's data. An effect is signed by the daemon's host and succeeds only when
 * its terminal is {@code succeeded}; a failed assertion is {@code assertion_failed} with the answer as details.
 */
final class SocketProfiles {

    /** The methods this adapter serves. */
    static final List<String> METHODS = List.of(
            "desktop_profiles",
            "desktop_locate",
            "desktop_assert",
            "desktop_focus",
            "desktop_click",
            "desktop_type_into",
            "desktop_drag");

    private final DesktopProfiles profiles;
    private final ResidentHost host;

    /** @param host the daemon's host, which signs the effects */
    SocketProfiles(DesktopProfiles profiles, ResidentHost host) {
        this.profiles = profiles;
        this.host = host;
    }

    Object call(String method, JsonNode params, CancellationToken cancellation) throws IpcException {
        RequestFields fields = new RequestFields(method, params);
        try {
            return switch (method) {
                case "desktop_profiles" -> profiles.profiles(query(fields));
                case "desktop_locate" -> {
                    ProfileAim aim = aim(fields, true);
                    fields.noneLeft();
                    yield profiles.locate(aim, cancellation);
                }
                case "desktop_assert" -> assertion(fields, cancellation);
                case "desktop_focus" -> {
                    ProfileAim aim = aim(fields, false);
                    boolean dryRun = fields.flag("dry_run");
                    boolean launchIfNeeded = fields.flag("launch_if_needed");
                    fields.flag("verify"); // the focus action is verified by the engine whether asked or not
                    fields.noneLeft();
                    yield profiles.focus(aim, launchIfNeeded, dryRun, host, cancellation);
                }
                default -> profiles.act(action(method, fields), host, cancellation);
            };
        } catch (DesktopException e) {
            throw new IpcException(e.code(), e.getMessage(), e.details());
        }
    }

    private static ProfileQuery query(RequestFields fields) throws IpcException {
        boolean check = fields.flag("check");
        boolean availability = fields.flag("availability");
        ProfileQuery query = new ProfileQuery(
                fields.text("app"),
                fields.text("target"),
                fields.text("command"),
                fields.text("desktop_id"),
                fields.text("supports"),
                check || availability,
                fields.flag("installed"),
                fields.flag("available"));
        fields.noneLeft();
        return query;
    }

    private static ProfileAim aim(RequestFields fields, boolean targetRequired) throws IpcException {
        String app = fields.requiredText("app");
        String target = targetRequired ? fields.requiredText("target") : fields.text("target");
        try {
            return new ProfileAim(app, target, fields.text("window_title"), fields.text("window_id"));
        } catch (IllegalArgumentException invalid) {
            throw IpcException.invalid(invalid.getMessage());
        }
    }

    private Object assertion(RequestFields fields, CancellationToken cancellation)
            throws IpcException, DesktopException {
        ProfileAim aim = aim(fields, true);
        boolean exists = fields.flag("exists");
        boolean notExists = fields.flag("not_exists");
        if (exists && notExists) {
            throw IpcException.invalid("desktop_assert takes exists or not_exists");
        }
        String state = fields.flag("active") ? "focused" : fields.text("state");
        String notState = fields.flag("not_active") ? "focused" : fields.text("not_state");
        String contains = fields.text("contains");
        String notContains = fields.text("not_contains");
        fields.noneLeft();
        ProfileExpectation expectation;
        try {
            // contains / not_contains: the target's text, compared ignoring case; the texts are never echoed
            expectation = new ProfileExpectation(!notExists, state, notState, contains, notContains);
        } catch (IllegalArgumentException invalid) {
            throw IpcException.invalid("desktop_assert: " + invalid.getMessage());
        }
        ProfileCheck check = profiles.check(aim, expectation, cancellation);
        DesktopException failed = check.failure();
        if (failed != null) {
            throw failed;
        }
        return check;
    }

    /** {@code desktop_click}, {@code desktop_type_into} or {@code desktop_drag} as the typed action. */
    static ProfileAction action(String method, RequestFields fields) throws IpcException {
        ProfileAim aim = aim(fields, true);
        boolean dryRun = fields.flag("dry_run");
        boolean verify = fields.flag("verify");
        ProfileAction action;
        try {
            action = switch (method) {
                case "desktop_click" ->
                    new ProfileAction(
                            aim,
                            ProfileAction.CLICK,
                            button(fields.text("button")),
                            fields.integer("count", 1, 1, 3),
                            null,
                            false,
                            null,
                            null,
                            null,
                            dryRun,
                            verify);
                case "desktop_type_into" ->
                    ProfileAction.typeInto(aim, fields.requiredText("text"), fields.flag("clear"), dryRun, verify);
                default -> {
                    double[] from = fields.ratio("from_ratio_x", "from_ratio_y");
                    double[] to = fields.ratio("to_ratio_x", "to_ratio_y");
                    if (from == null || to == null) {
                        throw IpcException.invalid(
                                "desktop_drag needs from_ratio_x, from_ratio_y, to_ratio_x and to_ratio_y");
                    }
                    yield ProfileAction.drag(
                            aim,
                            from,
                            to,
                            fields.integer("duration_ms", 0, RequestValidation.MAX_PATH_DURATION_MS),
                            dryRun,
                            verify);
                }
            };
        } catch (IllegalArgumentException invalid) {
            throw IpcException.invalid(method + ": " + invalid.getMessage());
        }
        fields.noneLeft();
        return action;
    }

    private static MouseButton button(String name) throws IpcException {
        if (name == null) {
            return MouseButton.LEFT;
        }
        try {
            return MouseButton.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw IpcException.invalid("button is left, middle or right");
        }
    }
}
