package org.praefectus.linux.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.ProfileAction;
import org.praefectus.api.desktop.ProfileAim;
import org.praefectus.api.desktop.ProfileCheck;
import org.praefectus.api.desktop.ProfileEffect;
import org.praefectus.api.desktop.ProfileExpectation;
import org.praefectus.api.desktop.ProfileFocus;
import org.praefectus.api.desktop.ProfileLocation;
import org.praefectus.api.desktop.TextRead;
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
 * PeekabooX's desktop helpers over one catalogue of profiles: {@code locate} and {@code assert} read a profile target
 * (a strict selector inside the profile's windows) from a fresh observation; {@code click}, {@code type-into} and
 * {@code drag} are the input verbs of the {@link DesktopService} aimed at it, so they are signed by the caller's host
 * like every effect (or shown as a dry run); {@code verify} locates the target again after the effect. {@code focus}
 * raises and activates the profile's window through the signed {@code window} focus action, unless it is active
 * already: the one place that rule lives, for every surface.
 */
public final class ProfileTargets {

    private static final long DEADLINE_MS = 30_000;
    /** How long {@code verify} reads the target again before it says it is gone. */
    private static final long VERIFY_WAIT_MS = 2_000;
    /** How long a launched application's window may take to reach the window listing after the launch saw it. */
    private static final long LAUNCHED_WINDOW_WAIT_MS = 5_000;

    private final ProfileCatalog profiles;
    private final ElementFinder finder;
    private final WindowDirectory windows;
    private final DesktopService desktop;

    public ProfileTargets(ProfileCatalog profiles, LinuxExecutor executor, DesktopService desktop) {
        this.profiles = profiles;
        this.finder = new ElementFinder(executor, 0); // helpers aim at what is on screen now
        this.windows = new WindowDirectory(executor);
        this.desktop = desktop;
    }

    DesktopProfile profile(String app) throws DesktopException {
        return profiles.find(app)
                .orElseThrow(() -> new DesktopException("unknown_profile", "no desktop profile has this name"));
    }

    private static DesktopProfile.Target target(DesktopProfile profile, String name, String verb)
            throws DesktopException {
        DesktopProfile.Target target = name == null ? null : profile.targets().get(name);
        if (target == null) {
            throw new DesktopException("unknown_target", "the profile has no target of this name");
        }
        if (!target.supports().contains(verb)) {
            throw new DesktopException("unsupported_target", "the target does not support " + verb);
        }
        return target;
    }

    /** The matching elements of the target, best first; {@code target_not_found} when there are none. */
    public ProfileLocation locate(ProfileAim aim, CancellationToken cancellation) throws DesktopException {
        DesktopProfile profile = profile(aim.app());
        DesktopProfile.Target target = target(profile, aim.target(), "locate");
        return new ProfileLocation(profile.app(), aim, present(profile, target, aim, cancellation));
    }

    private List<UiElement> present(
            DesktopProfile profile, DesktopProfile.Target target, ProfileAim aim, CancellationToken cancellation)
            throws DesktopException {
        List<UiElement> found = find(profile, target, aim, cancellation);
        if (found.isEmpty()) {
            throw new DesktopException("target_not_found", "no element of the profile's windows matches the target");
        }
        return found;
    }

    private List<UiElement> find(
            DesktopProfile profile, DesktopProfile.Target target, ProfileAim aim, CancellationToken cancellation)
            throws DesktopException {
        try {
            return finder.find(
                            target.selector(),
                            aim.scope(profile.windowApp()),
                            0,
                            cancellation,
                            System.currentTimeMillis() + DEADLINE_MS)
                    .elements();
        } catch (ExecutorException e) {
            throw new DesktopException(
                    e.failure().name().equals("TARGET_NOT_FOUND") ? "window_not_found" : "observation_error",
                    "the profile's windows cannot be read");
        }
    }

    /** Whether the target meets {@code expected}; no window of the profile is a target that does not exist. */
    public ProfileCheck check(ProfileAim aim, ProfileExpectation expected, CancellationToken cancellation)
            throws DesktopException {
        DesktopProfile profile = profile(aim.app());
        DesktopProfile.Target target = target(profile, aim.target(), "assert");
        List<UiElement> found;
        try {
            found = find(profile, target, aim, cancellation);
        } catch (DesktopException noWindow) {
            if (!noWindow.code().equals("window_not_found")) {
                throw noWindow;
            }
            found = List.of();
        }
        List<ProfileCheck.Condition> checks = new ArrayList<>();
        checks.add(new ProfileCheck.Condition(
                expected.exists() ? "exists" : "not-exists", expected.exists() == !found.isEmpty()));
        if (expected.state() != null) {
            checks.add(new ProfileCheck.Condition(
                    "state=" + expected.state(),
                    !found.isEmpty() && found.get(0).states().contains(expected.state())));
        }
        if (expected.notState() != null) {
            checks.add(new ProfileCheck.Condition(
                    "not-state=" + expected.notState(),
                    !found.isEmpty() && !found.get(0).states().contains(expected.notState())));
        }
        if (expected.readsText()) {
            // the conditions never name the text looked for: it may be anything a person typed
            String text = found.isEmpty() ? null : text(profile, target, aim, cancellation);
            if (expected.contains() != null) {
                checks.add(new ProfileCheck.Condition(
                        "contains", text != null && containsIgnoringCase(text, expected.contains())));
            }
            if (expected.notContains() != null) {
                checks.add(new ProfileCheck.Condition(
                        "not-contains", text != null && !containsIgnoringCase(text, expected.notContains())));
            }
        }
        return new ProfileCheck(profile.app(), aim, checks, found);
    }

    /**
     * The whole text of the target's best match with text, read over accessibility page by page through the desktop
     * service's read-back; {@code null} when no match has text. A password field is refused {@code not_readable}.
     */
    private String text(
            DesktopProfile profile, DesktopProfile.Target target, ProfileAim aim, CancellationToken cancellation)
            throws DesktopException {
        ElementQuery query = new ElementQuery(target.selector(), aim.scope(profile.windowApp()), 0, false, null, null);
        StringBuilder text = new StringBuilder();
        Integer next = 0;
        try {
            while (next != null) {
                TextRead page = desktop.readText(query, next, TextRead.MAX_PAGE, cancellation);
                text.append(page.text());
                next = page.nextOffset();
            }
        } catch (DesktopException noText) {
            if (noText.code().equals("target_not_found")) {
                return null;
            }
            throw noText;
        }
        return text.toString();
    }

    private static boolean containsIgnoringCase(String text, String part) {
        return text.toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT));
    }

    /**
     * The profile's window in scope, raised and activated: a window that is active already is reported as it is;
     * another is focused by the signed {@code window} focus action (the {@code focus} verb), whose terminal the
     * answer carries; {@code dryRun} shows what would be signed.
     */
    public ProfileFocus focus(ProfileAim aim, boolean dryRun, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException {
        return focus(aim, false, dryRun, signer, cancellation);
    }

    /**
     * {@link #focus}, the profile's application launched first when {@code launchIfNeeded}, no window of the profile
     * is open and the aim names no particular window: the signed {@code application} launch (the executor waits for
     * a new window of the application), then the window awaited in the listing the focus reads, then the focus.
     */
    public ProfileFocus focus(
            ProfileAim aim, boolean launchIfNeeded, boolean dryRun, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException {
        DesktopProfile profile = profile(aim.app());
        ElementScope scope = aim.scope(profile.windowApp());
        List<DesktopWindow> mine = windowsIn(scope, cancellation);
        List<String> diagnostics = new ArrayList<>();
        if (mine.isEmpty() && launchIfNeeded && aim.windowTitle() == null && aim.windowId() == null) {
            InputOutcome launch =
                    desktop.input(InputRequest.application("launch", profile.app(), dryRun), signer, cancellation);
            if (dryRun || !launch.succeeded()) {
                ProfileFocus launching = new ProfileFocus(
                        profile.app(),
                        aim,
                        null,
                        false,
                        List.of(
                                dryRun
                                        ? "no window of the profile is open: a dry run of its launch, nothing was signed"
                                        : "no window of the profile is open: its launch did not succeed"),
                        launch);
                DesktopException failure = launch.failure();
                if (failure != null) {
                    throw new DesktopException(failure.code(), failure.getMessage(), launching);
                }
                return launching;
            }
            diagnostics.add("no window of the profile was open: launched by a signed application action");
            // the launch saw the window appear; the listing the focus reads may show it a moment later
            List<List<DesktopWindow>> shown = new ArrayList<>(List.of(List.of()));
            Settle.Check<DesktopException> listed = () -> {
                shown.set(0, windowsIn(scope, cancellation));
                return !shown.get(0).isEmpty();
            };
            Settle.await(listed, Settle.every(100), System.currentTimeMillis() + LAUNCHED_WINDOW_WAIT_MS, cancellation);
            mine = shown.get(0);
        }
        if (mine.isEmpty()) {
            throw new DesktopException("window_not_found", "no window of the profile is open");
        }
        DesktopWindow active =
                mine.stream().filter(DesktopWindow::focused).findFirst().orElse(null);
        if (active != null) {
            diagnostics.add("the window is active already");
            return new ProfileFocus(profile.app(), aim, active, true, diagnostics, null);
        }
        DesktopWindow window = mine.get(0);
        // the window found, by its own ID: the profile's app may name several
        InputOutcome outcome = desktop.input(
                InputRequest.window("focus", new ElementScope(null, null, window.id()), dryRun), signer, cancellation);
        ProfileFocus focus = new ProfileFocus(
                profile.app(),
                aim,
                window,
                outcome.succeeded() && !dryRun,
                concat(diagnostics, dryRun ? "a dry run: nothing was signed" : "focused by a signed window action"),
                outcome);
        DesktopException failure = outcome.failure();
        if (failure != null) {
            throw new DesktopException(failure.code(), failure.getMessage(), focus);
        }
        return focus;
    }

    private List<DesktopWindow> windowsIn(ElementScope scope, CancellationToken cancellation) throws DesktopException {
        return windows.list("auto", cancellation, System.currentTimeMillis() + DEADLINE_MS).windows().stream()
                .filter(scope::matches)
                .toList();
    }

    private static List<String> concat(List<String> before, String last) {
        List<String> all = new ArrayList<>(before);
        all.add(last);
        return all;
    }

    /**
     * The action's input verb at the target. Only a {@code succeeded} terminal is a success: any other is the error of
     * its terminal, with this effect as the details; {@code verify} then also requires the target to be found again.
     */
    public ProfileEffect act(ProfileAction action, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException {
        ProfileAim aim = action.aim();
        DesktopProfile profile = profile(aim.app());
        DesktopProfile.Target target = target(profile, aim.target(), action.verb());
        ElementScope scope = aim.scope(profile.windowApp());
        InputRequest request = switch (action.verb()) {
            case ProfileAction.CLICK ->
                clicks(InputRequest.selected("click", target.selector(), scope, null, action.dryRun()), action);
            case ProfileAction.TYPE_INTO -> {
                InputRequest typed =
                        InputRequest.selected("type", target.selector(), scope, action.text(), action.dryRun());
                yield action.clear() ? typed.replacing() : typed;
            }
            default -> {
                Rect bounds = present(profile, target, aim, cancellation).get(0).bounds();
                yield InputRequest.dragIn(
                        bounds, action.fromRatio(), action.toRatio(), action.durationMs(), action.dryRun());
            }
        };
        InputOutcome outcome = desktop.input(request, signer, cancellation);
        ProfileEffect.Postcondition postcondition = action.verify() && !action.dryRun()
                ? new ProfileEffect.Postcondition(
                        outcome.succeeded(),
                        outcome.succeeded() && presentWithin(profile, target, aim, VERIFY_WAIT_MS, cancellation))
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

    /** A click with the action's button and count (the selected request's defaults otherwise). */
    private static InputRequest clicks(InputRequest click, ProfileAction action) {
        if (action.count() == 1 && action.button() == click.button()) {
            return click;
        }
        return click.toBuilder().button(action.button()).count(action.count()).build();
    }

    /**
     * Whether the target is found again within {@code millis}: the application may still be applying the effect
     * (an edited document's window retitles itself), so a first miss is read again, bounded.
     */
    private boolean presentWithin(
            DesktopProfile profile,
            DesktopProfile.Target target,
            ProfileAim aim,
            long millis,
            CancellationToken cancellation)
            throws DesktopException {
        Settle.Check<DesktopException> present = () -> {
            try {
                return !find(profile, target, aim, cancellation).isEmpty();
            } catch (DesktopException windowChanging) {
                if (!windowChanging.code().equals("window_not_found")) {
                    throw windowChanging;
                }
                return false;
            }
        };
        return Settle.await(present, Settle.every(100), System.currentTimeMillis() + millis, cancellation)
                == Settle.Outcome.HELD;
    }
}
