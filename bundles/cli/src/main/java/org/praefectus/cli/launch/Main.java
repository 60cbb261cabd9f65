package org.praefectus.cli.launch;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The entry point of {@code praefectus.jar}. A command goes to the resident daemon when one answers on its
 * socket (or {@code --daemon} demands it): then no framework starts in this process at all. Otherwise the
 * runtime starts here from the bundles in the jar ({@link EmbeddedRuntime}) and runs the command once.
 *
 * <p>Global options, before the command: {@code --daemon} (the daemon must answer, else
 * {@code daemon_unavailable}), {@code --no-daemon} (never route). Nothing here prints anything but the one
 * envelope on stdout.
 */
public final class Main {

    /** Commands that always run in this process: the daemon itself, stdio protocols, private demo hosts. */
    static final Set<String> LOCAL_ONLY = Set.of("daemon", "run", "mcp", "demo", "cdp-demo");

    private Main() {}

    public static void main(String[] argv) {
        Phases phases = Phases.begin();
        Route route = Route.AUTO;
        List<String> arguments = new ArrayList<>(List.of(argv));
        while (!arguments.isEmpty()) {
            String option = arguments.get(0);
            if (option.equals("--daemon")) {
                route = Route.DAEMON;
            } else if (option.equals("--no-daemon")) {
                route = Route.LOCAL;
            } else {
                break;
            }
            arguments.remove(0);
        }
        String command = arguments.isEmpty() ? "" : arguments.get(0);
        if (LOCAL_ONLY.contains(command)) {
            if (route == Route.DAEMON) {
                exit(failure("usage", command + " runs in its own process, never through the daemon"), 2);
            }
            route = Route.LOCAL;
        }
        if (route != Route.LOCAL && !command.isEmpty()) {
            DaemonClient.Reply reply = DaemonClient.forward(arguments, route == Route.AUTO);
            if (reply != null) {
                phases.mark("daemon");
                phases.report();
                exit(reply.envelope(), reply.exitCode());
            } else if (route == Route.DAEMON) {
                exit(
                        failure(
                                "daemon_unavailable",
                                "no praefectus daemon answers on $XDG_RUNTIME_DIR/praefectus.sock: start one with"
                                        + " `praefectus daemon`"),
                        3);
            }
        }
        boolean resident = command.equals("daemon") || command.equals("run");
        int code = EmbeddedRuntime.run(arguments, resident, phases);
        phases.report();
        System.exit(code);
    }

    static String failure(String code, String message) {
        return "{\"ok\":false,\"error\":{\"code\":\"" + code + "\",\"message\":" + JsonText.quote(message) + "}}";
    }

    /** Writes the envelope and exits; an unwritable stdout is the one case for stderr and exit 1. */
    static void exit(String envelope, int code) {
        PrintStream out = System.out;
        byte[] bytes = (envelope + "\n").getBytes(StandardCharsets.UTF_8);
        out.write(bytes, 0, bytes.length);
        out.flush();
        if (out.checkError()) {
            System.err.println("praefectus: cannot write the JSON envelope: standard output is closed");
            System.exit(1);
        }
        System.exit(code);
    }

    enum Route {
        AUTO,
        DAEMON,
        LOCAL
    }
}
