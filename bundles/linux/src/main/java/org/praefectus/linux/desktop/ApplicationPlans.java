package org.praefectus.linux.desktop;

import java.util.List;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ApplicationOperation;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.linux.apps.AllowedApplications;
import org.praefectus.linux.apps.Launchable;
import org.praefectus.linux.apps.OpenTarget;
import org.praefectus.linux.executor.LinuxExecutor;
import org.praefectus.linux.x11.ClientWindow;
import org.praefectus.linux.x11.EwmhWindows;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.nativecore.input.SignedInput.Planned;

/**
 * The application verbs ({@code launch}, {@code switch}, {@code quit}) and {@code open} planned as the protocol's
 * auxiliary {@code application} and {@code open} actions (no target, verification {@code none}). What can be known
 * before anyone is asked is checked here, with the executor's own rules, so a refusal comes before signing: the name
 * is allow-listed (a desktop profile or a desktop ID, never a command), the program is installed, a switch or quit
 * finds the application's windows, an open's target is an allowed URL or an existing file. The executor checks all
 * of it again at dispatch. Quitting may lose unsaved work: it is signed destructive; opening a web URL reaches
 * outside the machine: external.
 */
final class ApplicationPlans {

    private final LinuxExecutor executor;

    ApplicationPlans(LinuxExecutor executor) {
        this.executor = executor;
    }

    static boolean plans(String verb) {
        return InputRequest.APPLICATION_VERBS.containsKey(verb) || verb.equals("open");
    }

    Planned plan(InputRequest request, long deadline) throws DesktopException {
        if (executor.connections().nativeWayland()) {
            throw new DesktopException("unsupported", request.verb() + " needs an X11 window manager");
        }
        if (request.verb().equals("open")) {
            String target = checked(request.text());
            boolean web = !target.startsWith("/") && !target.regionMatches(true, 0, "file:", 0, 5);
            return planned(
                    new Action.Open(target, null, false),
                    web ? SafetyClass.EXTERNAL : SafetyClass.REVERSIBLE,
                    "desktop handler (xdg-open)",
                    deadline);
        }
        ApplicationOperation operation = InputRequest.APPLICATION_VERBS.get(request.verb());
        Launchable app = allowed(request.text());
        switch (operation) {
            case LAUNCH -> {
                if (app.argv().isEmpty()) {
                    throw new DesktopException("application_unavailable", "the application is not installed");
                }
            }
            case SWITCH -> {
                int open = windowsOf(app).size();
                if (open > 1) {
                    throw new DesktopException(
                            "conflict", "the application has more than one window: focus one with window focus");
                }
            }
            case QUIT -> windowsOf(app);
        }
        return planned(
                new Action.Application(operation, request.text()),
                operation == ApplicationOperation.QUIT ? SafetyClass.DESTRUCTIVE : SafetyClass.REVERSIBLE,
                operation == ApplicationOperation.LAUNCH ? "launcher (detached process)" : "window manager (EWMH)",
                deadline);
    }

    private static Planned planned(Action action, SafetyClass risk, String route, long deadline) {
        return new Planned(
                new ActionProposal(
                        action,
                        new TargetRef.None(),
                        InteractionMode.INTERACTIVE,
                        new VerificationPolicy.None(),
                        risk,
                        deadline),
                route,
                null);
    }

    private Launchable allowed(String name) throws DesktopException {
        try {
            return new AllowedApplications(executor.connections().environment()).resolve(name);
        } catch (AllowedApplications.Refusal refusal) {
            throw new DesktopException(refusal.code(), refusal.getMessage());
        }
    }

    private static String checked(String target) throws DesktopException {
        try {
            return OpenTarget.check(target);
        } catch (AllowedApplications.Refusal refusal) {
            throw new DesktopException(refusal.code(), refusal.getMessage());
        }
    }

    /** The application's windows, at least one. */
    private List<ClientWindow> windowsOf(Launchable app) throws DesktopException {
        List<ClientWindow> mine;
        try {
            mine = EwmhWindows.list(executor.connections().display().session()).stream()
                    .filter(app::owns)
                    .toList();
        } catch (X11Refusal refused) {
            throw new DesktopException("observation_error", "the window manager's windows cannot be read");
        }
        if (mine.isEmpty()) {
            throw new DesktopException("window_not_found", "the application has no window open");
        }
        return mine;
    }
}
