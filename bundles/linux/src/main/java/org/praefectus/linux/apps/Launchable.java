package org.praefectus.linux.apps;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.praefectus.linux.x11.ClientWindow;

/**
 * An allow-listed application: what starts it and which windows are its own.
 *
 * @param name       the name it was asked by (a desktop profile, an alias, or a desktop ID)
 * @param argv       the argument vector, its program resolved to an absolute path; empty when it is not installed
 *                   (its windows can still be switched to or quit)
 * @param windowApps the {@code WM_CLASS} names and program names its windows carry (compared ignoring case)
 */
public record Launchable(String name, List<String> argv, Set<String> windowApps) {

    public Launchable {
        argv = List.copyOf(argv);
        windowApps =
                windowApps.stream().map(app -> app.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    /** Whether {@code window} is one of this application's: its {@code WM_CLASS} instance or class, or its app ID. */
    public boolean owns(ClientWindow window) {
        return windowApps.contains(window.instance().toLowerCase(Locale.ROOT))
                || windowApps.contains(window.className().toLowerCase(Locale.ROOT))
                || windowApps.contains(window.appId().toLowerCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return "Launchable[redacted]";
    }
}
