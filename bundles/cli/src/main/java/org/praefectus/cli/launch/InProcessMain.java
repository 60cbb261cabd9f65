package org.praefectus.cli.launch;

import java.util.List;

/**
 * The entry point of executable jars whose runtime is one resident service, the bridge's
 * ({@code praefectus-bridge.jar}): the runtime starts in this process as {@link EmbeddedRuntime} starts
 * {@code praefectus daemon} (the framework on the jar's class path, the bundles extracted once and installed
 * by reference into a kept framework storage), every argument goes to the runtime's {@code launcher.arguments},
 * and nothing is routed to a daemon. The process ends with what the runtime's {@code main.thread} returns.
 */
public final class InProcessMain {

    private InProcessMain() {}

    public static void main(String[] argv) {
        Phases phases = Phases.begin();
        int code = EmbeddedRuntime.run(List.of(argv), true, phases);
        phases.report();
        System.exit(code);
    }
}
