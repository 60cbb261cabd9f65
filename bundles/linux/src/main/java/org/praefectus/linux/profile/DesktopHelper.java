package org.praefectus.linux.profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.Settle;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.UiElement;
import org.praefectus.linux.desktop.ElementFinder;
import org.praefectus.linux.desktop.WindowDirectory;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * PeekabooX's desktop helpers over profiles: {@code locate} and {@code assert} read a profile target (a strict
 * selector inside the profile's windows) from a fresh observation; {@code click}, {@code type-into} and
 * {@code drag} are the input verbs aimed at it, so they are signed by the resident host like every effect (or
 * shown with {@code --dry-run}); {@code --verify} locates the target again after the effect. {@code focus}
 * raises and activates the profile's window through the signed {@code window} focus action, unless it is active
 * already.
 */
public final class DesktopHelper {

    private static final long DEADLINE_MS = 30_000;
    /** How long {@code --verify} reads the target again before it says it is gone. */
    private static final long VERIFY_WAIT_MS = 2_000;

    private final DesktopProfiles profiles;
    private final ElementFinder finder;
    private final WindowDirectory windows;
    private final DesktopService desktop;
    private final ResidentHost host;

    /** @param host the signing host, or {@code null} (then only dry runs) */
    public DesktopHelper(DesktopProfiles profiles, LinuxExecutor executor, DesktopService desktop, ResidentHost host) {
        this.profiles = profiles;
        this.finder = new ElementFinder(executor, 0); // helpers aim at what is on screen now
        this.windows = new WindowDirectory(executor);
        this.desktop = desktop;
        this.host = host;
    }

    /** Where a helper looks: a profile, one of its targets (or none), and an optional window. */
    public record Aim(String app, String target, String windowTitle, String windowId) {}

    /** What an {@code assert} requires of the target. */
    public record Expectation(boolean exists, String state, String notState) {}

    public DesktopProfile profile(String app) throws DesktopException {
        return profiles.find(app)
                .orElseThrow(() -> new DesktopException("unknown_profile", "no desktop profile has this name"));
    }

    private DesktopProfile.Target target(DesktopProfile profile, String name, String verb) throws DesktopException {
        DesktopProfile.Target target = profile.targets().get(name);
        if (target == null) {
            throw new DesktopException("unknown_target", "the profile has no target of this name");
        }
        if (!target.supports().contains(verb)) {
            throw new DesktopException("unsupported_target", "the target does not support " + verb);
        }
        return target;
    }

    private static ElementScope scope(DesktopProfile profile, Aim aim) {
        return new ElementScope(profile.windowApp(), aim.windowTitle(), aim.windowId());
    }

    /** The matching elements of the target, best first; {@code target_not_found} when there are none. */
    public Map<String, Object> locate(Aim aim) throws DesktopException {
        DesktopProfile profile = profile(aim.app());
        DesktopProfile.Target target = target(profile, aim.target(), "locate");
        List<UiElement> found = find(profile, target, aim);
        if (found.isEmpty()) {
            throw new DesktopException("target_not_found", "no element of the profile's windows matches the target");
        }
        Map<String, Object> data = head(profile, aim);
        data.put("element", found.get(0));
        data.put("elements", found);
        data.put("count", found.size());
        return data;
    }

    private List<UiElement> find(DesktopProfile profile, DesktopProfile.Target target, Aim aim)
            throws DesktopException {
        try {
            return finder.find(
                            target.selector(),
                            scope(profile, aim),
                            0,
                            new CancellationToken(),
                            System.currentTimeMillis() + DEADLINE_MS)
                    .elements();
        } catch (ExecutorException e) {
            throw new DesktopException(
                    e.failure().name().equals("TARGET_NOT_FOUND") ? "window_not_found" : "observation_error",
                    "the profile's windows cannot be read");
        }
    }

    /** Whether the target meets {@code expected}; the answer has {@code passed} and what was seen. */
    public Map<String, Object> check(Aim aim, Expectation expected) throws DesktopException {
        DesktopProfile profile = profile(aim.app());
        DesktopProfile.Target target = target(profile, aim.target(), "assert");
        List<UiElement> found;
        try {
            found = find(profile, target, aim);
        } catch (DesktopException noWindow) {
            if (!noWindow.code().equals("window_not_found")) {
                throw noWindow;
            }
            found = List.of();
        }
        List<Map<String, Object>> checks = new ArrayList<>();
        checks.add(condition(expected.exists() ? "exists" : "not-exists", expected.exists() == !found.isEmpty()));
        if (expected.state() != null) {
            checks.add(condition(
                    "state=" + expected.state(),
                    !found.isEmpty() && found.get(0).states().contains(expected.state())));
        }
        if (expected.notState() != null) {
            checks.add(condition(
                    "not-state=" + expected.notState(),
                    !found.isEmpty() && !found.get(0).states().contains(expected.notState())));
        }
        Map<String, Object> data = head(profile, aim);
        data.put("passed", checks.stream().allMatch(c -> Boolean.TRUE.equals(c.get("passed"))));
        data.put("checks", checks);
        data.put("count", found.size());
        data.put("element", found.isEmpty() ? null : found.get(0));
        return data;
    }

    private static Map<String, Object> condition(String name, boolean passed) {
        Map<String, Object> condition = new LinkedHashMap<>();
        condition.put("condition", name);
        condition.put("passed", passed);
        return condition;
    }

    /**
     * The profile's window in scope, raised and activated: a window that is active already is reported as it is;
     * another is focused by the signed {@code window} focus action (the {@code focus} verb), whose terminal the
     * answer carries; {@code dryRun} shows what would be signed.
     */
    public Map<String, Object> focus(Aim aim, boolean dryRun) throws DesktopException {
        DesktopProfile profile = profile(aim.app());
        ElementScope scope = scope(profile, aim);
        List<DesktopWindow> mine = new ArrayList<>();
        for (DesktopWindow window : windows.list(
                        "auto", new CancellationToken(), System.currentTimeMillis() + DEADLINE_MS)
                .windows()) {
            if (scope.matches(window)) {
                mine.add(window);
            }
        }
        if (mine.isEmpty()) {
            throw new DesktopException("window_not_found", "no window of the profile is open");
        }
        Map<String, Object> data = head(profile, aim);
        DesktopWindow active =
                mine.stream().filter(DesktopWindow::focused).findFirst().orElse(null);
        if (active != null) {
            data.put("window", active);
            data.put("focused", true);
            data.put("focus_diagnostics", List.of("the window is active already"));
            return data;
        }
        DesktopWindow window = mine.get(0);
        // the window found, by its own ID: the profile's app may name several
        ElementScope chosen = new ElementScope(null, null, window.id());
        InputOutcome outcome =
                desktop.input(InputRequest.window("focus", chosen, dryRun), host, new CancellationToken());
        DesktopException failure = outcome.failure();
        if (failure != null) {
            throw failure;
        }
        data.put("window", window);
        data.put("focused", !dryRun);
        data.put(
                "focus_diagnostics",
                List.of(dryRun ? "a dry run: nothing was signed" : "focused by a signed window action"));
        data.put("operation", outcome);
        return data;
    }

    /** {@code click}: the input verb at the target; {@code invoke} when the element has the action. */
    public ProfileEffect click(Aim aim, boolean dryRun, boolean verify) throws DesktopException {
        DesktopProfile profile = profile(aim.app());
        DesktopProfile.Target target = target(profile, aim.target(), "click");
        InputRequest request = InputRequest.selected("click", target.selector(), scope(profile, aim), null, dryRun);
        return effect(profile, target, aim, request, verify);
    }

    /**
     * {@code type-into}: {@code text} typed into the target (at the caret, through EditableText, when it is editable),
     * or, with {@code clear}, replacing the target's whole text.
     */
    public ProfileEffect typeInto(Aim aim, String text, boolean clear, boolean dryRun, boolean verify)
            throws DesktopException {
        DesktopProfile profile = profile(aim.app());
        DesktopProfile.Target target = target(profile, aim.target(), "type-into");
        InputRequest typed = InputRequest.selected("type", target.selector(), scope(profile, aim), text, dryRun);
        InputRequest request = clear ? typed.replacing() : typed;
        return effect(profile, target, aim, request, verify);
    }

    /**
     * {@code drag} between two points given as fractions of the target's bounds, taking {@code durationMs} (signed
     * in the drag) or the executor's own path when {@code null}.
     */
    public ProfileEffect drag(
            Aim aim, double[] fromRatio, double[] toRatio, Long durationMs, boolean dryRun, boolean verify)
            throws DesktopException {
        DesktopProfile profile = profile(aim.app());
        DesktopProfile.Target target = target(profile, aim.target(), "drag");
        List<UiElement> found = find(profile, target, aim);
        if (found.isEmpty()) {
            throw new DesktopException("target_not_found", "no element of the profile's windows matches the target");
        }
        Rect bounds = found.get(0).bounds();
        InputRequest request = InputRequest.dragIn(bounds, fromRatio, toRatio, durationMs, dryRun);
        return effect(profile, target, aim, request, verify);
    }

    /**
     * The verb's outcome at the target. Only a {@code succeeded} terminal is a success: any other is the error of
     * its terminal, with this effect as the details; {@code verify} then also requires the target to be found again.
     */
    private ProfileEffect effect(
            DesktopProfile profile, DesktopProfile.Target target, Aim aim, InputRequest request, boolean verify)
            throws DesktopException {
        InputOutcome outcome = desktop.input(request, host, new CancellationToken());
        ProfileEffect.Postcondition postcondition = verify && !request.dryRun()
                ? new ProfileEffect.Postcondition(
                        outcome.succeeded(), outcome.succeeded() && presentWithin(profile, target, aim, VERIFY_WAIT_MS))
                : null;
        ProfileEffect effect = new ProfileEffect(
                profile.app(), aim.target(), aim.windowTitle(), aim.windowId(), outcome, List.of(), postcondition);
        DesktopException failure = outcome.failure();
        if (failure != null) {
            throw new DesktopException(failure.code(), failure.getMessage(), effect);
        }
        if (postcondition != null && !postcondition.passed()) {
            throw new DesktopException("verification_failed", "the target is no longer found after the action", effect);
        }
        return effect;
    }

    /**
     * Whether the target is found again within {@code millis}: the application may still be applying the effect
     * (an edited document's window retitles itself), so a first miss is read again, bounded.
     */
    private boolean presentWithin(DesktopProfile profile, DesktopProfile.Target target, Aim aim, long millis)
            throws DesktopException {
        Settle.Check<DesktopException> present = () -> {
            try {
                return !find(profile, target, aim).isEmpty();
            } catch (DesktopException windowChanging) {
                if (!windowChanging.code().equals("window_not_found")) {
                    throw windowChanging;
                }
                return false;
            }
        };
        return Settle.await(present, Settle.every(100), System.currentTimeMillis() + millis, new CancellationToken())
                == Settle.Outcome.HELD;
    }

    private static Map<String, Object> head(DesktopProfile profile, Aim aim) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("app", profile.app());
        data.put("target_name", aim.target());
        data.put("window_title", aim.windowTitle());
        data.put("window_id", aim.windowId());
        return data;
    }
}
