package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.protocol.Action;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.ax.AxValue;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.WindowInfo;

/**
 * The auxiliary host-level actions, named by string and never fenced: {@code application} and {@code open}
 * through {@code open}/{@code osascript}, {@code clipboard_write} through {@code pbcopy}, {@code window}
 * through accessibility actions on the named application's window (no synthesized pointer input). A host
 * that needs an effect bound to an observed window uses a fenced semantic target instead.
 */
final class AuxiliaryActions {

    private final AxApi ax;
    private final QuartzApi quartz;
    private final Utilities utilities;

    AuxiliaryActions(AxApi ax, QuartzApi quartz, Utilities utilities) {
        this.ax = ax;
        this.quartz = quartz;
        this.utilities = utilities;
    }

    void dispatch(Action action, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        if (action instanceof Action.Application application) {
            application(application, cancellation, deadlineAtMs);
        } else if (action instanceof Action.Open open) {
            if (open.target().isBlank() || open.target().startsWith("-")) {
                throw DispatchException.noEffect("open names no document or URL");
            }
            List<String> arguments = new ArrayList<>();
            if (open.noFocus()) {
                arguments.add("-g"); // open in the background
            }
            if (open.app() != null) {
                if (open.app().isBlank() || open.app().startsWith("-")) {
                    throw DispatchException.noEffect("application name is invalid");
                }
                arguments.addAll(List.of("-a", open.app()));
            }
            arguments.add(open.target());
            run("open", arguments, null, cancellation, deadlineAtMs);
        } else if (action instanceof Action.ClipboardWrite clipboard) {
            run("pbcopy", List.of(), clipboard.text(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Window window) {
            window(window, cancellation, deadlineAtMs);
        } else {
            throw DispatchException.unsupported("not an auxiliary action");
        }
    }

    private void application(Action.Application application, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        String app = application.name();
        if (app.isBlank() || app.startsWith("-")) {
            throw DispatchException.noEffect("application name is invalid");
        }
        switch (application.operation()) {
            // open -a launches the application, or activates it when it runs
            case LAUNCH, SWITCH -> run("open", List.of("-a", app), null, cancellation, deadlineAtMs);
            // the name is an argument of the script, never part of its source
            case QUIT ->
                run(
                        "osascript",
                        List.of(
                                "-e",
                                "on run argv",
                                "-e",
                                "tell application (item 1 of argv) to quit",
                                "-e",
                                "end run",
                                app),
                        null,
                        cancellation,
                        deadlineAtMs);
        }
    }

    private void window(Action.Window window, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (window.app() == null || window.app().isBlank()) {
            throw DispatchException.noEffect("window names no application");
        }
        AxElement target = null;
        long owner = 0;
        for (WindowInfo info : MacWindow.applicationWindows(quartz.windows())) {
            if (!window.app().equals(info.ownerName())) {
                continue;
            }
            if (owner != 0 && owner != info.processId()) {
                throw DispatchException.noEffect("several applications carry that name");
            }
            owner = info.processId();
        }
        if (owner == 0) {
            throw DispatchException.noEffect("no window of that application is on screen");
        }
        AxElement application = ax.application(owner);
        if (ax.attribute(application, "AXWindows") instanceof AxValue.Elements windows) {
            for (AxElement candidate : windows.elements()) {
                String title = ax.attribute(candidate, "AXTitle").text();
                if (window.title() == null || window.title().equals(title)) {
                    if (target != null) {
                        throw DispatchException.noEffect("window is ambiguous");
                    }
                    target = candidate;
                }
            }
        }
        if (target == null) {
            throw DispatchException.noEffect("window not found");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        int result = switch (window.operation()) {
            case FOCUS -> {
                int raised = ax.perform(target, "AXRaise");
                yield raised == AxApi.SUCCESS ? ax.setFlag(application, "AXFrontmost", true) : raised;
            }
            case MINIMIZE -> ax.setFlag(target, "AXMinimized", true);
            case CLOSE -> {
                if (!(ax.attribute(target, "AXCloseButton") instanceof AxValue.Element close)) {
                    throw DispatchException.unsupported("window has no close button");
                }
                yield ax.perform(close.element(), ElementFacts.PRESS);
            }
        };
        if (result != AxApi.SUCCESS) {
            throw DispatchException.ambiguous("window action failed after dispatch began");
        }
    }

    private void run(
            String utility, List<String> arguments, String stdin, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        switch (utilities.run(utility, arguments, stdin, deadlineAtMs)) {
            case SUCCEEDED -> {}
            case NOT_STARTED -> throw DispatchException.unsupported("the platform utility is unavailable");
            case UNKNOWN -> throw DispatchException.ambiguous("the platform utility did not finish cleanly");
        }
    }
}
